/**
 * Issue 28, item 8: a re-judge killed mid-batch left a partial batch that was then reported as a
 * complete k=3 batch ("242 of 2,000 conversations"). A batch is complete only at its end: a killed
 * one is listed as incomplete and never counted. Real CLI killed with SIGKILL while a real local
 * OpenAI-protocol server answers slowly; real SQLite file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { tempDir } from '../../support/tmp.js';
import { collect, ROOT } from '../safety/support.js';
import { writeShardDbs } from './support/shard-db.js';

const BIN = path.join(ROOT, 'bin/parley.mjs');
const parley = (args: string[]) =>
  spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, OPENAI_BASE_URL: '', OPENAI_API_KEY: 'sk-test-1234567890' },
  });

let server: OpenAiTestServer;
let t: ReturnType<typeof tempDir>;
beforeAll(async () => {
  server = await startOpenAiServer({ instant: true, chatDelayMs: 150 });
  t = tempDir('parley-rejudge-kill-');
});
afterAll(async () => {
  await server?.stop();
  t.cleanup();
});

const storedJudgements = (db: string) => {
  const c = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (c.prepare('SELECT count(*) AS n FROM judgements').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    c.close();
  }
};

describe('a re-judge batch killed midway', () => {
  it('is shown as incomplete (stored of planned) and never counted; a later full batch is', async () => {
    const [db] = writeShardDbs(t.dir, { count: 1, tests: 40, withMetrics: true });
    const store = openStore(db, { readonly: true });
    const runId = store.runs.list()[0].id;
    store.close();
    const judge = ['--judge-model', `openai:tiny@${server.baseUrl}`];

    const child = parley(['rejudge', runId, '--db', db, ...judge, '--k', '3']);
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let killedAt = 0;
    for (;;) {
      const n = storedJudgements(db);
      if (n >= 5) {
        child.kill('SIGKILL');
        killedAt = n;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await exited;

    const shown = await collect(parley(['runs', 'show', runId, '--db', db, '--json']));
    const report = JSON.parse(shown.stdout).judgements;
    expect(report.judges).toEqual([]); // nothing counted as a batch
    expect(report.incomplete_batches).toHaveLength(1);
    const [b] = report.incomplete_batches;
    expect(b.planned).toBe(120);
    expect(b.judgements).toBeGreaterThanOrEqual(killedAt);
    expect(b.judgements).toBeLessThan(120);
    const human = await collect(parley(['runs', 'show', runId, '--db', db]));
    expect(human.stdout).toMatch(
      /incomplete re-judge batch \S+ \(did not finish: stopped, or still running\): \d+ of 120 judgements, not counted/,
    );

    const full = await collect(parley(['rejudge', runId, '--db', db, ...judge, '--json']));
    expect(full.code, full.stderr).toBe(0);
    const after = JSON.parse(full.stdout).report;
    expect(after.judges).toHaveLength(1);
    expect(after.judges[0]).toMatchObject({ k: 1, judgements: 40 });
    expect(after.incomplete_batches).toHaveLength(1);
  }, 400_000);
});
