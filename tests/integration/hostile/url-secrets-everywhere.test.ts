/**
 * Issue 39, item 2: a key inside an endpoint URL (`?api_key=`, `user:key@`, `?token=`) is used for the
 * calls but never written or shown, in every table and report, not only runs. A canary of its own is
 * planted in each kind of spec (the agent, caller and judge models of a run, a readiness check, a fix's
 * --judge-model, a fix whose judge fails), then the SQLite file and its WAL, the exports, the CLI's output
 * and the web API's answers are searched for every canary.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore } from '../../../src-main/store/index.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { REFUND, seedShopRun } from '../../support/fix-fixture.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { AGENT, ROOT } from '../safety/support.js';

const SUITE = path.join(ROOT, 'tests/fixtures/engine/deterministic-suite.json');
const CANARIES = {
  agent: 'CANARYagent7f3a9c',
  caller: 'CANARYcaller2b8e41',
  judge: 'CANARYjudge5d0c77',
  check: 'CANARYcheck9e1f03',
  fix: 'CANARYfix4a6b2d',
  fixFails: 'CANARYfixfails81c5',
};

let srv: OpenAiTestServer;
const t = tempDir();
const db = tempDbPath(t.dir);

beforeAll(async () => {
  srv = await startOpenAiServer({ instant: true });
}, 60_000);
afterAll(async () => {
  await srv?.stop();
  t.cleanup();
});

/** Every kind of URL secret, each with its canary. */
const withKey = (base: string, canary: string, how: 'query' | 'userinfo' | 'token') =>
  how === 'query'
    ? `${base}?api_key=${canary}`
    : how === 'token'
      ? `${base}?token=${canary}&x=1`
      : base.replace('http://', `http://someone:${canary}@`);

const leaks = (text: string) =>
  Object.entries(CANARIES)
    .filter(([, c]) => text.includes(c))
    .map(([k]) => k);

describe('keys inside endpoint URLs reach no table, export, CLI text or API answer', () => {
  it('runs, readiness checks, fixes (one that fails too) and their jobs', async () => {
    const printed: string[] = [];
    const cli = async (...args: string[]) => {
      const out = await parleyInProcess(...args, '--db', db);
      printed.push(out.stdout, out.stderr);
      return out;
    };
    const base = srv.baseUrl;

    // a run whose three roles each name a URL with a key in it
    const run = await cli(
      'run',
      '--agent',
      AGENT,
      '--tests',
      SUITE,
      '--agent-model',
      `openai:tiny@${withKey(base, CANARIES.agent, 'query')}`,
      '--caller-model',
      `openai:tiny@${withKey(base, CANARIES.caller, 'userinfo')}`,
      '--judge-model',
      `openai:tiny@${withKey(base, CANARIES.judge, 'token')}`,
      '--max-turns',
      '1',
      '--json',
    );
    expect(run.code, run.stderr).toBeLessThanOrEqual(1);
    const runId = JSON.parse(run.stdout).run_id as string;
    for (const format of ['json', 'junit']) {
      const out = await cli('runs', 'export', runId, '--format', format);
      expect(out.code, out.stderr).toBe(0);
    }

    // a readiness check: stored in model_checks and printed "Readiness of ..."
    const check = await cli(
      'models',
      'check',
      `openai:tiny@${withKey(base, CANARIES.check, 'query')}`,
      '--role',
      'caller',
    );
    expect(check.code, check.stderr).toBeLessThanOrEqual(1);
    expect(check.stdout).toMatch(/^Readiness of openai:tiny@http:\/\/127\.0\.0\.1:\d+\/v1\?api_key=/m);
    expect(
      (
        await cli(
          'models',
          'check',
          `openai:tiny@${withKey(base, CANARIES.check, 'query')}`,
          '--role',
          'caller',
          '--json',
        )
      ).code,
    ).toBeLessThanOrEqual(1);

    // fixes: one whose judge answers, one whose judge is a server that is not there
    const shop = await seedShopRun(db, t.dir, 'good');
    const fixed = await cli(
      'fix',
      shop.runId,
      '--test',
      REFUND,
      '--max-iterations',
      '1',
      '--repeat',
      '1',
      '--judge-model',
      `openai:tiny@${withKey(base, CANARIES.fix, 'userinfo')}`,
      '--json',
    );
    expect(fixed.stdout + fixed.stderr).toMatch(/fix_\w+/);
    const failing = await cli(
      'fix',
      shop.runId,
      '--test',
      REFUND,
      '--max-iterations',
      '1',
      '--judge-model',
      `openai:tiny@${withKey('http://127.0.0.1:9/v1', CANARIES.fixFails, 'query')}`,
    );
    expect(failing.code).not.toBe(0);

    const store = openStore(db);
    const ctx = createApiContext(store, 'web');
    try {
      const fixes = store.fixes.list();
      expect(fixes.length, 'both fixes were stored').toBe(2);
      expect(
        fixes.some((f) => f.error || f.stop?.reason === 'failed'),
        'one of them failed',
      ).toBe(true);
      const answers: unknown[] = [];
      const ask = async (method: Parameters<typeof dispatch>[1], input: unknown) => {
        const r = await dispatch(ctx, method, input);
        expect(r.ok, `${method}: ${JSON.stringify(r)}`).toBe(true);
        answers.push(r);
        return r;
      };
      await ask('models.checks', {});
      await ask('fixes.list', {});
      for (const f of fixes) await ask('fixes.get', { id: f.id });
      await ask('jobs.list', {});
      await ask('runs.get', { id: runId });
      expect(JSON.stringify(answers)).toMatch(/redacted/); // the URLs are there, their keys are not
      expect(leaks(JSON.stringify(answers)), 'API answers').toEqual([]);
    } finally {
      await disposeApiContext(ctx);
      store.close();
    }
    expect(leaks(printed.join('\n')), 'CLI output and exports').toEqual([]);
    for (const file of [db, `${db}-wal`]) {
      if (!fs.existsSync(file)) continue;
      const bytes = fs.readFileSync(file).toString('latin1');
      expect(leaks(bytes), path.basename(file)).toEqual([]);
    }
  }, 240_000);
});
