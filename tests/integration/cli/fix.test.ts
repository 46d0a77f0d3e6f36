/**
 * `parley diagnose` and `parley fix` as a user runs them (a real SQLite file, the scripted model):
 * the report, the exit codes, bad input refused with the flag it is about and nothing stored, and
 * a fix killed mid-loop (SIGKILL) resumed from its last finished step.
 */
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { HOURS, REFUND, seedShopRun } from '../../support/fix-fixture.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, exitOf, parley, waitFor } from '../safety/support.js';

const run = (args: string[]) => collect(parley(args));

async function until(pred: () => boolean, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!pred()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function withDb<T>(fn: (db: string, dir: string) => Promise<T>): Promise<T> {
  const t = tempDir();
  try {
    return await fn(tempDbPath(t.dir), t.dir);
  } finally {
    t.cleanup();
  }
}

describe('parley diagnose', () => {
  it(
    'names the node at fault with the transcript lines and the root cause; --json has the same',
    () =>
      withDb(async (db, dir) => {
        const { runId } = await seedShopRun(db, dir);
        const text = await run(['diagnose', runId, '--test', REFUND, '--db', db]);
        expect(text.code).toBe(0);
        expect(text.stdout).toContain(
          `"${REFUND}": The refund node never tells the caller how long they have to ask for a refund.\n    node_instruction at node "refund": "Tell the caller refunds are possible." (transcript lines 3)`,
        );
        const json = JSON.parse((await run(['diagnose', runId, '--test', REFUND, '--json', '--db', db])).stdout);
        expect(json.diagnoses[0].faults[0]).toMatchObject({
          location: 'node_instruction',
          node_id: 'refund',
          turns: [2],
        });
        expect(json.tests).toEqual([REFUND]);
      }),
    120_000,
  );
});

describe('parley fix', () => {
  it(
    'exit 0 when the target is reached: the final version is kept as the latest; exit 1 on a regression',
    () =>
      withDb(async (db, dir) => {
        const { runId, agentId } = await seedShopRun(db, dir, 'good');
        const out = await run(['fix', runId, '--test', REFUND, '--max-iterations', '2', '--json', '--db', db]);
        expect(out.code).toBe(0);
        const fix = JSON.parse(out.stdout);
        expect(fix.stop).toMatchObject({ reached: true });
        expect(fix.kept_version_id).toBe(fix.final_version_id);
        const store = openStore(db);
        expect(store.agents.summary(agentId)).toMatchObject({ latest_version_id: fix.final_version_id, version: 2 });
        store.close();

        const bad = await seedShopRun(db, dir, 'breaks-hours');
        const text = await run(['fix', bad.runId, '--test', REFUND, '--max-iterations', '1', '--db', db]);
        expect(text.code).toBe(1);
        expect(text.stdout).toContain(`suite check: 1 test, 1 regression: "${HOURS}"`);
        expect(text.stdout).toContain('-> a regression: not accepted');
        expect(text.stdout).toContain('No version was accepted; the agent is unchanged (v1).');
        // the agent ran on the scripted model: said before anything is re-run
        expect(text.stderr).toContain("note: the run's agent answered from the scripted model");
      }),
    120_000,
  );

  it(
    'refuses bad input naming the flag, and stores nothing',
    () =>
      withDb(async (db, dir) => {
        const { runId, agentId, suiteId } = await seedShopRun(db, dir, 'good', { holdout: true });
        const refusals: [string[], RegExp][] = [
          [
            ['--test', REFUND, '--max-iterations', '0'],
            /^parley: --max-iterations: expected a whole number from 1 to 10\n$/,
          ],
          [
            ['--test', REFUND, '--max-iterations', '1000'],
            /^parley: --max-iterations: expected a whole number from 1 to 10\n$/,
          ],
          [['--test', 'gift refund', '--max-iterations', '1'], /^parley: --test: test "gift refund" is a holdout test/],
        ];
        for (const [args, message] of refusals) {
          const out = await run(['fix', runId, ...args, '--db', db]);
          expect(out.code, args.join(' ')).toBe(2);
          expect(out.stderr).toMatch(message);
        }
        // a test deleted from the suite after the run
        let store = openStore(db);
        const suite = store.suites.get(suiteId)!;
        store.suites.update(
          suiteId,
          { ...suite.data, tests: suite.data.tests.filter((t) => t.name !== REFUND) },
          suite.name,
        );
        store.close();
        const deleted = await run(['fix', runId, '--test', REFUND, '--max-iterations', '1', '--db', db]);
        expect(deleted.code).toBe(2);
        expect(deleted.stderr).toMatch(
          /--test: test "refund window" is no longer in suite "Shop" \(deleted after run run_\w+\): there is nothing to re-run/,
        );
        store = openStore(db);
        expect(store.fixes.list()).toEqual([]);
        expect(store.agents.versions(agentId)).toHaveLength(1);
        expect(store.runs.list()).toHaveLength(1);
        store.close();
      }),
    180_000,
  );

  it(
    'a run that passed is refused by diagnose and fix',
    () =>
      withDb(async (db, dir) => {
        await seedShopRun(db, dir, 'good');
        const ok = await seedShopRunPassing(db);
        for (const cmd of [
          ['diagnose', ok],
          ['fix', ok, '--max-iterations', '1'],
        ]) {
          const out = await run([...cmd, '--db', db]);
          expect(out.code).toBe(2);
          expect(out.stderr).toBe(
            `parley: run ${ok} passed every test (1 conversation): there is nothing to diagnose\n`,
          );
        }
      }),
    120_000,
  );

  it(
    'killed mid-loop (SIGKILL), --resume finishes from the last finished step',
    () =>
      withDb(async (db, dir) => {
        const { runId } = await seedShopRun(db, dir, 'good', {}, { delay_ms: 40 });
        const child = parley(['fix', runId, '--test', REFUND, '--max-iterations', '2', '--db', db]);
        const seen = await waitFor(child.stderr!, /running the failing tests on the new version/);
        const fixId = /fix (fix_\w+):/.exec(seen)![1];
        // kill once the re-run on the new version is stored and has finished a conversation
        await until(() => {
          const ro = openStore(db, { readonly: true });
          try {
            const id = ro.fixes.get(fixId)?.iterations[0]?.target_run_id;
            return !!id && ro.results.listByRun(id).length >= 1;
          } finally {
            ro.close();
          }
        });
        child.kill('SIGKILL');
        expect((await exitOf(child)).signal).toBe('SIGKILL');

        let store = openStore(db);
        const before = store.fixes.require(fixId);
        const it1 = before.iterations[0];
        expect(before.status).toBe('running');
        expect(it1.version_id).not.toBeNull();
        expect(it1.target_run_id).not.toBeNull();
        expect(it1.outcome).toBeNull();
        expect(store.runs.get(it1.target_run_id!)!.status).toBe('interrupted');
        const versions = store.agents.versions(before.agent_id).length;
        store.close();

        const resumed = await run(['fix', '--resume', fixId, '--json', '--db', db]);
        expect(resumed.stderr).not.toMatch(/Error/);
        expect(resumed.code).toBe(0);
        const after = JSON.parse(resumed.stdout);
        expect(after.iterations).toHaveLength(1);
        expect(after.iterations[0]).toMatchObject({
          version_id: it1.version_id,
          target_run_id: it1.target_run_id,
          outcome: 'all_pass',
        });
        expect(after.stop).toMatchObject({ reason: 'all_pass', reached: true });
        store = openStore(db);
        // the interrupted run was completed, not started again; no version was made twice
        expect(store.runs.get(it1.target_run_id!)!.status).toBe('completed');
        expect(store.results.listByRun(it1.target_run_id!)).toHaveLength(3);
        expect(store.agents.versions(before.agent_id)).toHaveLength(versions);
        store.close();
      }),
    120_000,
  );
});

/** A one-test run that passes (the opening hours alone). */
async function seedShopRunPassing(db: string): Promise<string> {
  const { openStore: open } = await import('../../../src-main/store/index.js');
  const { createApp } = await import('../../../src-main/app/index.js');
  const { createProviderRegistry } = await import('../../../src-main/providers/registry.js');
  const store = open(db);
  const registry = createProviderRegistry();
  try {
    const app = createApp(store, () => registry);
    const suite = store.suites.list()[0];
    const agent = store.agents.list()[0];
    const model = store.runs.list()[0].models.agent!.spec;
    const handle = await app.runs.start({
      agent: agent.id,
      suite: { id: suite.id, name: suite.name, data: suite.data },
      models: { agent: model },
      options: { tests: [HOURS] },
    });
    return (await handle.done).run.id;
  } finally {
    await registry.close();
    store.close();
  }
}
