// The third hostile-input pass (issue 39), as figures for bench/hostile-input.ts: zip sizes that lie,
// big surveys and workflows, requests web mode can never accept, and runaway model replies.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApiContext, disposeApiContext } from '../../src-main/app/door/create-context.js';
import { parseAgentFile } from '../../src-main/formats/index.js';
import { readAgentFile } from '../../src-main/formats/read-file.js';
import { startWebServer } from '../../src-main/server/web-server.js';
import { openStore } from '../../src-main/store/index.js';
import { buildWorkbook } from '../../tests/fixtures/formats/xlsform/build-workbook.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Wall and CPU time (this process, every thread: GC included) of one import, in ms. */
export interface Timing {
  wall: number;
  cpu: number;
}

async function timed(fn: () => unknown): Promise<Timing> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const c = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

export interface CaseResult {
  ms: number;
  peak_rss_mb: number;
  baseline_rss_mb: number;
  outcome: string;
}

/** One case of hostile-cases.ts in its own process (its peak RSS is its own). */
export function runCase(name: string, bytes?: number): CaseResult {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/support/hostile-cases.ts'), name, ...(bytes ? [String(bytes)] : [])],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as CaseResult;
}

/** Time to read an XLSForm of `n` text questions (one in ten with a relevance on the one before). */
export async function xlsformImport(n: number): Promise<Timing> {
  const rows: (string | null)[][] = [['type', 'name', 'label', 'relevant']];
  for (let i = 0; i < n; i++)
    rows.push(['text', `q${i}`, `Question ${i}?`, i % 10 === 5 ? `\${q${i - 1}} = 'yes'` : null]);
  const file = new Uint8Array(await buildWorkbook({ survey: rows }));
  return timed(async () => {
    const r = await readAgentFile(file, 'survey.xlsx');
    if (!r.ok) throw new Error(`the survey was refused: ${r.errors[0]?.message}`);
  });
}

/** Time to read an ElevenLabs workflow of `n` agent nodes in a chain. */
export function elevenLabsImport(n: number): Promise<Timing> {
  const nodes: Record<string, unknown> = { start: { type: 'start', position: { x: 0, y: 0 }, edge_order: ['e0'] } };
  const edges: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    nodes[`n${i}`] = { type: 'override_agent', label: `Step ${i}`, additional_prompt: `Do step ${i}.` };
    edges[`e${i}`] = {
      source: i === 0 ? 'start' : `n${i - 1}`,
      target: `n${i}`,
      forward_condition: { type: 'llm', condition: `step ${i} is done` },
      backward_condition: null,
    };
  }
  nodes.done = { type: 'end' };
  edges[`e${n}`] = { source: `n${n - 1}`, target: 'done', forward_condition: { type: 'unconditional' } };
  const text = JSON.stringify({
    agent_id: 'a',
    name: 'Long workflow',
    conversation_config: { agent: { prompt: { prompt: 'You help.' } }, workflow: { nodes, edges } },
  });
  return timed(() => {
    const r = parseAgentFile(text, 'workflow.json', { maxBytes: 64 * 1024 * 1024 });
    if (!r.ok) throw new Error(`the workflow was refused: ${r.errors[0]?.message}`);
  });
}

/** Sends `first` on a raw connection; resolves with what came back and when the server closed it. */
function hold(port: number, first: string, giveUpMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let text = '';
    const s = net.connect(port, '127.0.0.1', () => s.write(first));
    const timer = setTimeout(() => s.destroy(), giveUpMs);
    s.on('data', (c: Buffer) => (text += c.toString()));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ text, ms: performance.now() - t0 });
    });
  });
}

/** A real web-mode server with its default limits, and what it does with requests it cannot accept. */
export async function webServerFigures(): Promise<{
  hugeDeclaredMs: number;
  hugeDeclaredStatus: string;
  partialBodyClosedMs: number;
  crowdRefusedAtOnce: number;
  crowdAllClosedMs: number;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-web-'));
  const store = openStore(path.join(dir, 'w.db'));
  const ctx = createApiContext(store, 'web');
  const server = await startWebServer({ ctx, staticDir: dir });
  const head = (headers: string) => `POST /rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n${headers}\r\n`;
  try {
    const huge = await hold(
      server.port,
      head(
        `Authorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${10 ** 12}\r\n`,
      ) + '{"a":12345',
      30_000,
    );
    const partial = await hold(
      server.port,
      head(`Authorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n`) + '{',
      90_000,
    );
    // 300 half-sent requests without the token, all at once
    const t0 = performance.now();
    const crowd = await Promise.all(
      Array.from({ length: 300 }, () =>
        hold(server.port, `POST /rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `, 60_000),
      ),
    );
    return {
      hugeDeclaredMs: huge.ms,
      hugeDeclaredStatus: huge.text.slice(0, 12),
      partialBodyClosedMs: partial.ms,
      crowdRefusedAtOnce: crowd.filter((c) => c.text.startsWith('HTTP/1.1 503')).length,
      crowdAllClosedMs: Math.max(...crowd.map((c) => c.ms), performance.now() - t0),
    };
  } finally {
    await server.close();
    disposeApiContext(ctx);
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
