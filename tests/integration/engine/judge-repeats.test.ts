/**
 * Run option judge_repeats on the scripted model (real SQLite): every conversation is judged N times
 * in the run itself, the majority verdict kept, the flips per metric stored, and the cap refused.
 */
import { describe, expect, it } from 'vitest';
import { RunOptionsInput } from '../../../src-shared/schemas/index.js';
import { repeatStability } from '../../../src-shared/judge-stability.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { openStore } from '../../../src-main/store/index.js';
import { goodScript, seedClinic } from '../api/run-control-fixtures.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

describe('judge_repeats', () => {
  it('judges each conversation 3 times: majority verdict, judgements and flips stored; unstable where they flip', async () => {
    const tmp = tempDir();
    const store = openStore(tempDbPath(tmp.dir));
    try {
      const { agentId, versionId, suiteId } = seedClinic(store);
      const graph = store.agents.getVersion(versionId)!.graph;
      const suite = store.suites.get(suiteId)!;
      // every conversation's judge session answers: round 1 all 0.9, round 2 metric 1 at 0.3, round 3 all 0.9
      const model = scriptedModel(goodScript({ judge: [0.9, [0.3, 0.9], 0.9] }) as never, { model: 'flaky.json' });
      const out = await runSuite({
        store,
        models: { agent: model, caller: model, judge: model },
        agent: { id: agentId, version_id: versionId, name: graph.name, graph },
        suite: { id: suite.id, name: suite.name, data: suite.data },
        options: { concurrency: 2, repeats: 4, judge_repeats: 3 },
      });
      const results = store.results.listByRun(out.run.id);
      expect(results).toHaveLength(8);
      const judgeCalls = results.map((r) => r.model_calls.filter((c) => c.purpose === 'judge').length);
      expect(judgeCalls).toEqual(Array(8).fill(3));
      for (const r of results) {
        const [first, ...rest] = r.metrics;
        expect(first.judgements).toEqual([
          { score: 0.9, passed: true },
          { score: 0.3, passed: false },
          { score: 0.9, passed: true },
        ]);
        expect([first.passed, first.score, first.flips]).toEqual([true, 0.9, 1]);
        for (const o of rest) expect([o.passed, o.flips]).toEqual([true, 0]);
      }
      expect(out.run.summary).toMatchObject({ total: 8, passed: 8 });
      const stability = repeatStability(results);
      const first = results[0].metrics[0].criterion;
      const unstable = stability.filter((s) => s.unstable).map((s) => [s.criterion, s.summary]);
      expect(unstable).toEqual(
        [...new Set(results.map((r) => r.metrics[0].criterion))].map((c) => [
          c,
          `unstable judge: 4 of 4 verdicts flip`,
        ]),
      );
      expect(unstable.map((u) => u[0])).toContain(first);
      expect(store.runs.get(out.run.id)!.options.judge_repeats).toBe(3);
    } finally {
      store.close();
      tmp.cleanup();
    }
  });

  it('is capped at 9 on every door (RunOptionsInput)', () => {
    const bad = RunOptionsInput.safeParse({ judge_repeats: 10 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({
      path: ['judge_repeats'],
      message: 'at most 9 (judgements of every conversation); expected a whole number from 1 to 9',
    });
    expect(RunOptionsInput.safeParse({ judge_repeats: 0 }).success).toBe(false);
  });
});
