/**
 * Issue 39, item 1: two resumes of the same fix or run started at once. Each side is its own app on its
 * own connection to one database file (as two `parley fix --resume` processes are), so the only thing
 * between them is the store: the claim taken in one write transaction (app/jobs/claim.ts). Of every pair
 * exactly one runs; the other is refused "... is already running (job ...)", never "database is locked",
 * and the fix makes one version per attempt and one re-run per step. One pair goes through the CLI.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, AppError, type App } from '../../../src-main/app/index.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { AgentGraph, TestSuite, type FixSession } from '../../../src-shared/schemas/index.js';
import { REFUND, seedShopRun } from '../../support/fix-fixture.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { AGENT, collect, parley, writeSlowSuite } from '../safety/support.js';

const ROUNDS = 6;

const t = tempDir();
const db = tempDbPath(t.dir);
const registry = createProviderRegistry();
let a: { store: Store; app: App };
let b: { store: Store; app: App };
let runId: string;

beforeAll(async () => {
  ({ runId } = await seedShopRun(db, t.dir, 'good'));
  const open = () => {
    const store = openStore(db);
    return { store, app: createApp(store, () => registry) };
  };
  a = open();
  b = open();
}, 60_000);

afterAll(async () => {
  await a?.app.dispose();
  await b?.app.dispose();
  a?.store.close();
  b?.store.close();
  await registry.close();
  t.cleanup();
});

/** Of two settled starts: the one that ran (its value) and the refusal (its message). */
function oneRan<T>(outcomes: PromiseSettledResult<T>[]): { ran: T; refused: string } {
  const ran = outcomes.filter((o): o is PromiseFulfilledResult<T> => o.status === 'fulfilled');
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  expect(ran, 'exactly one of the two starts runs').toHaveLength(1);
  expect(refused).toHaveLength(1);
  const e = refused[0].reason;
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).error.code).toBe('conflict');
  return { ran: ran[0].value, refused: (e as AppError).message };
}

/** Every run a fix refers to (its baseline, each attempt's re-run and suite check, the holdout check). */
const runsOf = (fix: FixSession) =>
  [
    fix.baseline?.run_id,
    ...fix.iterations.flatMap((i) => [i.target_run_id, i.suite?.run_id]),
    fix.holdout?.run_id,
  ].filter((id): id is string => !!id);

describe('two resumes at once: one runs, the other is refused', () => {
  it(`fix: ${ROUNDS} pairs of resumes, one version per attempt and one re-run per step`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // an auto-fix cancelled at once: the fix is open with its auto-fix to resume
      const { fix, job } = await a.app.fix.start({ run_id: runId, subject: { test: REFUND }, max_iterations: 2 });
      job.cancel();
      await job.done.catch(() => undefined);
      const versionsBefore = a.store.agents.versions(fix.agent_id).length;
      const runsBefore = new Set(a.store.runs.list({ limit: 10_000 }).map((r) => r.id));

      const { ran, refused } = oneRan(await Promise.allSettled([a.app.fix.resume(fix.id), b.app.fix.resume(fix.id)]));
      expect(refused).toMatch(new RegExp(`^fix ${fix.id} (is already running \\(job job_\\w+\\)|changed while)`));
      await ran.done;

      const done = a.store.fixes.require(fix.id);
      const ns = done.iterations.map((i) => i.n);
      expect(ns, 'each attempt once').toEqual([...new Set(ns)].sort((x, y) => x - y));
      const made = done.iterations.map((i) => i.version_id).filter(Boolean);
      expect(new Set(made).size).toBe(made.length);
      expect(a.store.agents.versions(fix.agent_id).length - versionsBefore, 'one version per attempt').toBe(
        made.length,
      );
      const created = a.store.runs.list({ limit: 10_000 }).filter((r) => !runsBefore.has(r.id));
      const referenced = runsOf(done).filter((id) => !runsBefore.has(id));
      expect(created.map((r) => r.id).sort(), 'one re-run per step').toEqual([...new Set(referenced)].sort());
    }
  }, 240_000);

  it(`run: ${ROUNDS} pairs of resumes of a cancelled run, one resume job each`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await cancelledRun(a.app, 4, 5);
      const { ran, refused } = oneRan(await Promise.allSettled([a.app.runs.resume(id), b.app.runs.resume(id)]));
      expect(refused).toMatch(
        new RegExp(`^run ${id} (is already running \\(job job_\\w+\\)|changed while this resume)`),
      );
      await ran.done;
      const resumes = a.store.jobs.list(1000, 'resume').filter((j) => j.subject.run_id === id);
      expect(
        resumes.map((j) => j.status),
        'one resume ran',
      ).toEqual(['done']);
      expect(a.store.runs.get(id)!.status).toBe('completed');
      expect(a.store.results.listByRun(id)).toHaveLength(4);
    }
  }, 240_000);

  it('the CLI: two `parley run --resume` at once, one runs and the other exits 2 saying the run is already running', async () => {
    const id = await cancelledRun(a.app, 10, 40);
    const [x, y] = await Promise.all([
      collect(parley(['run', '--resume', id, '--db', db, '--json'])),
      collect(parley(['run', '--resume', id, '--db', db, '--json'])),
    ]);
    const outs = [x, y].sort((p, q) => (p.code ?? 9) - (q.code ?? 9));
    expect(outs[0].code, outs[0].stderr).toBeLessThanOrEqual(1);
    expect(JSON.parse(outs[0].stdout)).toMatchObject({ run_id: id, status: 'completed' });
    expect(outs[1].code, outs[1].stderr).toBe(2);
    expect(outs[1].stderr).toMatch(new RegExp(`^parley: run ${id} is already running \\(job job_\\w+\\)`));
    for (const o of outs) expect(o.stderr).not.toMatch(/database is locked/);
    expect(a.store.jobs.list(1000, 'resume').filter((j) => j.subject.run_id === id)).toHaveLength(1);
  }, 120_000);
});

let deterministicAgent: string | undefined;

/** A run of the deterministic agent on `n` slow tests, cancelled before it finished. */
async function cancelledRun(app: App, n: number, delayMs: number): Promise<string> {
  const { suite, model } = writeSlowSuite(t.dir, n, delayMs);
  deterministicAgent ??= a.store.agents.create(AgentGraph.parse(JSON.parse(fs.readFileSync(AGENT, 'utf8')))).agent.id;
  const data = TestSuite.parse(JSON.parse(fs.readFileSync(suite, 'utf8')));
  const job = await app.runs.start({
    agent: deterministicAgent,
    suite: { id: null, name: 'slow', data },
    models: { agent: { provider: 'scripted', model, params: {} } },
    options: { concurrency: 1 },
  });
  job.cancel('stopped for the test');
  await job.done;
  expect(a.store.runs.get(job.runId)!.status).toBe('cancelled');
  return job.runId;
}
