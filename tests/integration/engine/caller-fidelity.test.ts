/**
 * Caller fidelity (issue 12, section 5) on the scripted model (real SQLite): with the run option on,
 * the judge scores every simulated caller; one that broke character marks its conversation
 * "invalid caller", counted apart in the run summary, and compare does not call it a regression.
 */
import { describe, expect, it } from 'vitest';
import { diffStoredRuns } from '../../../src-main/app/compare/compare-runs.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { goodScript, seedClinic, worseScript } from '../api/run-control-fixtures.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const inCharacter = { in_character: 0.9, pursued_goal: 0.8, reasoning: 'spoke as the caller throughout' };
// the "says goodbye" persona's caller is judged to have spoken as the agent
const brokeOnGoodbye = {
  purpose: 'caller_fidelity',
  when: { last: 'book and then hang up' },
  reply: { in_character: 0.1, pursued_goal: 0.6, reasoning: 'line 2: the caller offered the appointment itself' },
};

async function run(store: Store, ids: ReturnType<typeof seedClinic>, script: object, callerFidelity = true) {
  const graph = store.agents.getVersion(ids.versionId)!.graph;
  const suite = store.suites.get(ids.suiteId)!;
  const model = scriptedModel(script as never, { model: 'm.json' });
  return runSuite({
    store,
    models: { agent: model, caller: model, judge: model },
    agent: { id: ids.agentId, version_id: ids.versionId, name: graph.name, graph },
    suite: { id: suite.id, name: suite.name, data: suite.data },
    options: { concurrency: 2, repeats: 5, ...(callerFidelity ? { caller_fidelity: true } : {}) },
  });
}

describe('caller fidelity', () => {
  it('marks invalid callers, counts them apart, and compare does not call them regressions', async () => {
    const tmp = tempDir();
    const store = openStore(tempDbPath(tmp.dir));
    try {
      const ids = seedClinic(store);
      const a = await run(store, ids, goodScript({ caller_fidelity: [inCharacter] }));
      const b = await run(store, ids, worseScript({ caller_fidelity: [inCharacter], rules: [brokeOnGoodbye] }));
      const ra = store.results.listByRun(a.run.id);
      expect(ra.every((r) => r.caller_fidelity?.score === 0.8 && !r.caller_invalid)).toBe(true);
      expect(ra.map((r) => r.model_calls.filter((c) => c.purpose === 'caller_fidelity').length)).toEqual(
        Array(10).fill(1),
      );
      const rb = store.results.listByRun(b.run.id);
      const bad = rb.filter((r) => r.caller_invalid);
      expect(bad.map((r) => r.test)).toEqual(Array(5).fill('says goodbye'));
      expect(bad[0].caller_fidelity).toEqual({
        in_character: 0.1,
        pursued_goal: 0.6,
        score: 0.1,
        reasoning: 'line 2: the caller offered the appointment itself',
      });
      expect(store.runs.get(b.run.id)!.summary).toEqual({
        total: 10,
        passed: 0,
        failed: 10,
        errored: 0,
        invalid_caller: 5,
      });
      expect(store.runs.get(a.run.id)!.summary.invalid_caller).toBeUndefined();
      const diff = diffStoredRuns(store, a.run.id, b.run.id);
      const change = Object.fromEntries(diff.tests.map((t) => [t.test, t.change]));
      expect(change).toEqual({ 'books a cleaning': 'regressed', 'says goodbye': 'same' });
    } finally {
      store.close();
      tmp.cleanup();
    }
  });

  it('is off by default: no extra judge call, nothing marked', async () => {
    const tmp = tempDir();
    const store = openStore(tempDbPath(tmp.dir));
    try {
      const ids = seedClinic(store);
      const out = await run(store, ids, worseScript({ rules: [brokeOnGoodbye] }), false);
      const results = store.results.listByRun(out.run.id);
      expect(results.some((r) => r.caller_fidelity || r.caller_invalid)).toBe(false);
      expect(results.flatMap((r) => r.model_calls).filter((c) => c.purpose === 'caller_fidelity')).toEqual([]);
    } finally {
      store.close();
      tmp.cleanup();
    }
  });
});
