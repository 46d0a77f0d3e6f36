import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { AGENT, collect, parley, ROOT } from '../safety/support.js';

/**
 * A key inside an endpoint URL (`?api_key=...`, `user:pass@`) is used for the calls but never stored:
 * not in runs.models, not in a result, not in the DB or its WAL, not in `runs export` (JSON or JUnit).
 */
const SUITE = path.join(ROOT, 'tests/fixtures/engine/deterministic-suite.json');
const CANARY = 'CANARYd41d8cd98f00b204';

let srv: OpenAiTestServer;
beforeAll(async () => {
  srv = await startOpenAiServer({});
}, 60_000);
afterAll(async () => {
  await srv?.stop();
});

const dbBytesContain = (db: string, needle: string) =>
  [db, `${db}-wal`].some((f) => fs.existsSync(f) && fs.readFileSync(f).includes(needle));

describe('secrets in endpoint URLs are redacted in every stored and exported URL', () => {
  const base = () => srv.baseUrl;
  const urls = () => [
    `${base()}?api_key=${CANARY}`,
    `${base()}?token=${CANARY}&x=1`,
    base().replace('http://', `http://someone:${CANARY}@`),
    `${base()}?access_token=${CANARY}`,
  ];

  it.each([0, 1, 2, 3])(
    'endpoint URL variant %i: the run is stored and exported without the secret',
    async (i) => {
      const t = tempDir();
      const db = tempDbPath(t.dir);
      const url = urls()[i];
      const run = await collect(
        parley(
          [
            'run',
            '--agent',
            AGENT,
            '--tests',
            SUITE,
            '--agent-model',
            `openai:tiny@${url}`,
            '--max-turns',
            '1',
            '--db',
            db,
            '--json',
          ],
          {
            OPENAI_API_KEY: '',
          },
        ),
      );
      const report = JSON.parse(run.stdout);
      expect(run.stdout + run.stderr).not.toContain(CANARY);
      for (const fmt of ['json', 'junit']) {
        const out = await collect(parley(['runs', 'export', report.run_id, '--format', fmt, '--db', db]));
        expect(out.code, out.stderr).toBe(0);
        expect(out.stdout.length).toBeGreaterThan(100);
        expect(out.stdout).not.toContain(CANARY);
      }
      const show = await collect(parley(['runs', 'show', report.run_id, '--db', db, '--json']));
      expect(show.stdout).toMatch(/redacted/); // the URL is there, its secret is not
      expect(show.stdout).not.toContain(CANARY);
      expect(dbBytesContain(db, CANARY)).toBe(false);
      t.cleanup();
    },
    90_000,
  );

  it('resuming a run whose stored URL was redacted says why it cannot call it as it is', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const run = await collect(
      parley([
        'run',
        '--agent',
        AGENT,
        '--tests',
        SUITE,
        '--agent-model',
        `openai:tiny@${urls()[0]}`,
        '--max-turns',
        '1',
        '--db',
        db,
        '--json',
      ]),
    );
    const id = JSON.parse(run.stdout).run_id as string;
    const { default: Database } = await import('better-sqlite3');
    const raw = new Database(db);
    raw.prepare("UPDATE runs SET status = 'interrupted' WHERE id = ?").run(id);
    raw.prepare('DELETE FROM results WHERE run_id = ?').run(id);
    raw.close();
    const resumed = await collect(parley(['run', '--resume', id, '--db', db]));
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/had a secret in it, which Parley does not store/);
    expect(resumed.stderr).not.toContain(CANARY);
    t.cleanup();
  }, 90_000);
});
