import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, parley, ROOT } from './support.js';

const KEY = 'sk-parley-FAKE-KEY-7f3a9c1e5b2d4086';
const WRONG = 'sk-parley-WRONG-KEY-0c4b8e2a6f1d3957';
const AGENT = path.join(ROOT, 'tests/fixtures/engine/orders-agent.json');
const SUITE = path.join(ROOT, 'tests/fixtures/engine/orders-suite.json');

describe('API keys never leave the environment', () => {
  let server: OpenAiTestServer;
  const t = tempDir();
  const db = tempDbPath(t.dir);
  const outputs: string[] = [];
  beforeAll(async () => {
    server = await startOpenAiServer({ apiKeys: [KEY] });
  });
  afterAll(async () => {
    await server.stop();
    t.cleanup();
  });

  const run = async (args: string[], key: string) => {
    const r = await collect(parley(args, { OPENAI_API_KEY: key, PARLEY_DEBUG: '1' }));
    outputs.push(r.stdout, r.stderr);
    return r;
  };

  it('runs a suite on an OpenAI-compatible server with the key from the environment', async () => {
    const r = await run(
      [
        'run',
        '--agent',
        AGENT,
        '--tests',
        SUITE,
        '--agent-model',
        `openai:tiny@${server.baseUrl}`,
        '--max-turns',
        '2',
        '--concurrency',
        '1',
        '--db',
        db,
        '--json',
      ],
      KEY,
    );
    const report = JSON.parse(r.stdout);
    expect(report.results).toHaveLength(2);
    // The tiny random model may produce unusable tool arguments, but every call got through with the key.
    for (const x of report.results as { error: string | null }[])
      expect(x.error ?? '').not.toMatch(/401|unauthori[sz]ed|refused|api key/i);
    expect(server.requests.length).toBeGreaterThan(0);
  }, 120_000);

  it('a wrong key fails with a clear error that does not contain the key (the server echoes it back)', async () => {
    const r = await run(
      [
        'run',
        '--agent',
        AGENT,
        '--tests',
        SUITE,
        '--agent-model',
        `openai:tiny@${server.baseUrl}`,
        '--max-turns',
        '2',
        '--db',
        db,
        '--json',
      ],
      WRONG,
    );
    const text = r.stdout + r.stderr;
    expect(text).toMatch(/401|unauthori[sz]ed|key/i);
    expect(text).toContain(server.baseUrl);
  }, 120_000);

  it('no key appears in the database, exports, reports or any output', async () => {
    const runs = JSON.parse((await run(['runs', 'list', '--json', '--db', db], '')).stdout) as { id: string }[];
    expect(runs.length).toBeGreaterThanOrEqual(1);
    for (const r of runs) {
      await run(['runs', 'show', r.id, '--json', '--db', db], '');
      await run(['runs', 'export', r.id, '--format', 'json', '--db', db], '');
      await run(['runs', 'export', r.id, '--format', 'junit', '--db', db], '');
    }
    await run(['export', 'Order desk', '--format', 'parley', '--db', db], '');
    const files = fs.readdirSync(t.dir).map((f) => path.join(t.dir, f));
    const haystacks = [...outputs, ...files.map((f) => fs.readFileSync(f).toString('latin1'))];
    for (const h of haystacks) {
      expect(h).not.toContain(KEY);
      expect(h).not.toContain(WRONG);
      expect(h).not.toContain(KEY.slice(10)); // not even a tail of it
    }
    expect(files.some((f) => f.endsWith('.db'))).toBe(true);
  }, 120_000);
});
