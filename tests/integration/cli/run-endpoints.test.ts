/**
 * A run on a model with two endpoints (OpenAI-protocol test servers, instant replies) through the
 * real CLI: the run's record keeps per-endpoint calls, errors and latency (`runs show`, `--json`).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
let dir: string;
let db: string;
let a: OpenAiTestServer;
let b: OpenAiTestServer;

async function parley(...args: string[]) {
  try {
    const r = await run(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args, '--db', db], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-endpoints-cli-'));
  db = path.join(dir, 'p.db');
  a = await startOpenAiServer({ instant: true, faults: [{ path: '/v1/chat/completions', status: 500, times: 1 }] });
  b = await startOpenAiServer({ instant: true });
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('parley run on several endpoints', () => {
  it('records per-endpoint load and errors with the run', async () => {
    const spec = `openai:tiny@${a.baseUrl};c=2;rpm=6000,${b.baseUrl};c=3`;
    const out = await parley(
      'run',
      '--agent',
      ex('agent.json'),
      '--tests',
      ex('suite.json'),
      '--agent-model',
      spec,
      '--json',
    );
    expect(out.stderr).not.toMatch(/Error/);
    const reports = JSON.parse(out.stdout) as RunReport | RunReport[];
    const report = Array.isArray(reports) ? reports[0] : reports;
    expect(report.endpoints).toHaveLength(2);
    const [ea, eb] = report.endpoints!;
    expect(ea).toMatchObject({ model: 'openai:tiny', endpoint: a.baseUrl, concurrency: 2, rpm: 6000, in_flight: 0 });
    expect(eb).toMatchObject({ model: 'openai:tiny', endpoint: b.baseUrl, concurrency: 3, in_flight: 0 });
    const chats = (s: OpenAiTestServer) => s.requests.filter((r) => r.path === '/v1/chat/completions').length;
    // every completion either server answered is counted on its endpoint (the pre-run check is not part of the run)
    expect(ea.calls).toBeLessThanOrEqual(chats(a));
    expect(eb.calls).toBeLessThanOrEqual(chats(b));
    expect(ea.calls + eb.calls).toBeGreaterThan(0);
    expect(ea.errors).toBe(1);
    expect(ea.last_error).toMatch(/HTTP 500/);

    const shown = await parley('runs', 'show', report.run_id);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Endpoints');
    expect(shown.stdout).toContain(a.baseUrl);
    expect(shown.stdout).toContain('2 at once, 6000 rpm');
    expect(shown.stdout).toContain(`${a.baseUrl}: last error:`);
    const json = JSON.parse((await parley('runs', 'show', report.run_id, '--json')).stdout) as RunReport;
    expect(json.endpoints).toEqual(report.endpoints);
  }, 180_000);
});
