import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { INVALID_CALLER_COUNT_SQL } from '../../../src-main/store/repos/runs.js';
import { smallGraph } from '../../support/graphs.js';
import { fakeResult } from '../../support/results.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

describe('runs and results repositories', () => {
  let store: Store;
  let cleanup: () => void;
  let file: string;
  let agent: { id: string; version: string };
  beforeEach(() => {
    const t = tempDir();
    cleanup = t.cleanup;
    file = tempDbPath(t.dir);
    store = openStore(file);
    const c = store.agents.create(smallGraph());
    agent = { id: c.agent.id, version: c.version.id };
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  const newRun = () =>
    store.runs.create({
      kind: 'simulated',
      agent_id: agent.id,
      agent_version_id: agent.version,
      agent_name: 'Small',
      suite_id: null,
      suite_name: 'suite',
      models: {},
      options: { concurrency: 2 },
    });

  it('lists runs newest first and filters by status', () => {
    const a = newRun();
    const b = newRun();
    store.runs.setStatus(b.id, 'running');
    expect(store.runs.list().map((r) => r.id)).toEqual([b.id, a.id]);
    expect(store.runs.list({ status: 'running' }).map((r) => r.id)).toEqual([b.id]);
  });

  it('stores results and recomputes the summary from them', () => {
    const run = newRun();
    store.results.insert(fakeResult(run.id, 0, 'pass'));
    store.results.insert(fakeResult(run.id, 1, 'fail'));
    store.results.insert(fakeResult(run.id, 2, 'error', { error: 'model refused connection' }));
    expect(store.runs.refreshSummary(run.id)).toEqual({ total: 3, passed: 1, failed: 1, errored: 1 });
    const results = store.results.listByRun(run.id);
    expect(results.map((r) => r.status)).toEqual(['pass', 'fail', 'error']);
    expect(results[2].error).toBe('model refused connection');
    expect(store.results.finishedKeys(run.id)).toEqual(new Set(['0:0', '1:0', '2:0']));
  });

  it("counts invalid-caller results from an index, not by reading every result's JSON (the count runs after each stored result)", () => {
    const run = newRun();
    store.results.insert(fakeResult(run.id, 0, 'fail', { caller_invalid: true } as never));
    store.results.insert(fakeResult(run.id, 1, 'pass'));
    expect(store.runs.refreshSummary(run.id)).toMatchObject({ total: 2, invalid_caller: 1 });
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${INVALID_CALLER_COUNT_SQL}`).all(run.id) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/USING INDEX results_run_invalid_caller/);
  });

  it('marks runs left running by a dead process as interrupted on the next open, keeping results', () => {
    const run = newRun();
    store.runs.setStatus(run.id, 'running');
    store.results.insert(fakeResult(run.id, 0, 'pass'));
    store.db.prepare('UPDATE runs SET owner_pid = ? WHERE id = ?').run(2 ** 22 + 12345, run.id); // a pid that does not exist
    store.close();
    store = openStore(file);
    const after = store.runs.get(run.id)!;
    expect(after.status).toBe('interrupted');
    expect(after.summary.passed).toBe(1);
    expect(store.results.listByRun(run.id)).toHaveLength(1);
  });

  it('cascades results when a run is deleted', () => {
    const run = newRun();
    store.results.insert(fakeResult(run.id, 0, 'pass'));
    expect(store.runs.delete(run.id)).toBe(true);
    expect((store.db.prepare('SELECT count(*) n FROM results').get() as { n: number }).n).toBe(0);
  });
});
