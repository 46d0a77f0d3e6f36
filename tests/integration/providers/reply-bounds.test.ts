/**
 * Issue 39 item 7: a model's reply is bounded in bytes before it is parsed, per purpose, and a stream
 * is not read past the bound. A real HTTP server answers every completion with a reply far past the
 * bound (an endless stream, or one huge JSON body) and counts what it could write before the client
 * closed the connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { ProviderError, type ChatMessage } from '../../../src-main/providers/types.js';

const MB = 1024 * 1024;
const msgs: ChatMessage[] = [{ role: 'user', content: 'hello' }];
const SCHEMA = { type: 'object', properties: { summary: { type: 'string', maxLength: 100 } } };

/** Bytes the server managed to write per response before the client went away. */
const written: number[] = [];
let server: http.Server;
let base = '';
let reg: ProviderRegistry;

/** Writes `piece` until the client closes or `maxBytes` are out (then ends). */
function flood(res: http.ServerResponse, piece: string, maxBytes: number, tail = ''): void {
  let sent = 0;
  const at = written.push(0) - 1;
  const pump = () => {
    while (sent < maxBytes && !res.destroyed) {
      sent += piece.length;
      written[at] = sent;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(tail);
  };
  res.on('close', () => (written[at] = sent));
  pump();
}

const word = 'x'.repeat(1000);
const sse = `data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`;
const ndjson = `${JSON.stringify({ model: 'm', message: { role: 'assistant', content: word }, done: false })}\n`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const j = body ? (JSON.parse(body) as { stream?: boolean }) : {};
      const url = req.url ?? '';
      if (url === '/v1/models') return res.end(JSON.stringify({ data: [{ id: 'm' }] }));
      if (url === '/api/version') return res.end(JSON.stringify({ version: '0.9.0' }));
      if (url === '/api/show')
        return res.end(JSON.stringify({ model_info: { 'llama.context_length': 4096 }, details: {} }));
      if (url === '/api/tags') return res.end(JSON.stringify({ models: [{ name: 'm:latest', model: 'm:latest' }] }));
      if (url === '/v1/chat/completions') {
        res.writeHead(200, { 'content-type': j.stream ? 'text/event-stream' : 'application/json' });
        if (j.stream) return flood(res, sse, 200 * MB);
        // one JSON body whose content string is 40 MB
        res.write('{"choices":[{"message":{"content":"');
        return flood(res, word, 40 * MB, '"}}]}');
      }
      if (url === '/api/chat') {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        if (j.stream !== false) return flood(res, ndjson, 200 * MB);
        res.write('{"model":"m","done":true,"message":{"role":"assistant","content":"');
        return flood(res, word, 40 * MB, '"}}');
      }
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  reg = createProviderRegistry({ openai: { retry: { retries: 0 } }, ollama: { retry: { retries: 0 } } });
});
afterAll(async () => {
  await reg?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function refusal(call: () => Promise<unknown>): Promise<ProviderError> {
  const err = await call().then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('model replies are bounded per purpose', () => {
  it('openai, streamed: a routing reply stops at 64 KB and the stream is not read further', async () => {
    const s = await (await reg.load(`openai:m@${base}/v1`)).openSession();
    const e = await refusal(() => s.chat({ messages: msgs, purpose: 'route' }));
    expect(e.code).toBe('bad_output');
    expect(e.message).toContain(
      'the reply passed 64 KB, the most Parley reads for a routing decision (purpose "route")',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(written.at(-1)!).toBeLessThan(100 * MB);
  });

  it('openai, one JSON body: a proposal stops at its bound before it is parsed', async () => {
    const s = await (await reg.load(`openai:m@${base}/v1`)).openSession();
    const e = await refusal(() => s.structured({ messages: msgs, schema: SCHEMA, purpose: 'propose' }));
    expect(e.code).toBe('bad_output');
    expect(e.message).toContain('1 MB, the most Parley reads for a proposal');
    await new Promise((r) => setTimeout(r, 200));
    expect(written.at(-1)!).toBeLessThan(30 * MB);
  });

  it('ollama, streamed and not: a judgement and a diagnosis stop at their bounds', async () => {
    const m = await reg.load(`ollama:m@${base}`);
    const judge = await refusal(async () => (await m.openSession()).chat({ messages: msgs, purpose: 'judge' }));
    expect(judge.message).toContain('256 KB, the most Parley reads for a judgement');
    const diagnosis = await refusal(async () =>
      (await m.openSession()).structured({ messages: msgs, schema: SCHEMA, purpose: 'diagnose' }),
    );
    expect(diagnosis.message).toContain('1 MB, the most Parley reads for a diagnosis');
  });

  it('scripted: a reply past the bound of its purpose fails the same way', async () => {
    const model = scriptedModel({ extract: [{ summary: 'y'.repeat(300 * 1024) }] });
    const e = await refusal(async () =>
      (await model.openSession()).structured({ messages: msgs, schema: SCHEMA, purpose: 'extract' }),
    );
    expect(e.code).toBe('bad_output');
    expect(e.message).toContain('256 KB, the most Parley reads for an extraction (purpose "extract")');
  });
});
