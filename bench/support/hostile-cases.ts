// One red-team case of the third hostile-input pass (issue 39) in a process of its own, so its peak
// RSS is its own: prints one JSON line {ms, peak_rss_mb, baseline_rss_mb, outcome}.
// Usage: npx tsx bench/support/hostile-cases.ts <zip-under-declared|proposal-json|proposal-stream> [bytes]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { readAgentFile } from '../../src-main/formats/read-file.js';
import { createProviderRegistry } from '../../src-main/providers/registry.js';
import { underDeclaredWorkbook } from '../../tests/fixtures/formats/xlsform/lying-zip.js';

const MB = 1024 * 1024;
const rssMb = () => process.resourceUsage().maxRSS / 1024;
const [which = 'zip-under-declared', bytesArg] = process.argv.slice(2);

/** A server that answers every completion with `bytes` of reply (one JSON body, or an SSE stream). */
async function floodServer(bytes: number): Promise<{ url: string; close(): void }> {
  const word = 'x'.repeat(1000);
  const sse = `data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/v1/models') return res.end(JSON.stringify({ data: [{ id: 'm' }] }));
      const stream = (JSON.parse(body || '{}') as { stream?: boolean }).stream;
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
      let sent = 0;
      const piece = stream ? sse : word;
      if (!stream) res.write('{"choices":[{"message":{"content":"');
      const pump = () => {
        while (sent < bytes && !res.destroyed) {
          sent += word.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end(stream ? 'data: [DONE]\n\n' : '"}}]}');
      };
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

let outcome = '';
let ms = 0;
let baseline = 0;
if (which === 'zip-under-declared') {
  const file = new Uint8Array(await underDeclaredWorkbook(Number(bytesArg ?? 1024 * MB)));
  await readAgentFile(new Uint8Array(0), 'warm.json'); // load the readers before the baseline
  baseline = rssMb();
  const t0 = performance.now();
  const r = await readAgentFile(file, 'survey.xlsx');
  ms = performance.now() - t0;
  outcome = `${(file.length / MB).toFixed(1)} MB file: ${r.ok ? 'accepted' : r.errors[0]!.message}`;
} else {
  const server = await floodServer(Number(bytesArg ?? 520 * MB));
  const reg = createProviderRegistry({ openai: { retry: { retries: 0 } } });
  const session = await (await reg.load(`openai:m@${server.url}`)).openSession();
  const schema = { type: 'object', properties: { summary: { type: 'string', maxLength: 100 } } };
  const messages = [{ role: 'user' as const, content: 'propose a fix' }];
  baseline = rssMb();
  const t0 = performance.now();
  const stream = which === 'proposal-stream';
  try {
    await session.structured({ messages, schema, purpose: 'propose', ...(stream ? { onToken: () => {} } : {}) });
    outcome = 'accepted';
  } catch (e) {
    outcome = (e as Error).message;
  }
  ms = performance.now() - t0;
  await reg.close();
  server.close();
}
process.stdout.write(`${JSON.stringify({ ms, peak_rss_mb: rssMb(), baseline_rss_mb: baseline, outcome })}\n`);
