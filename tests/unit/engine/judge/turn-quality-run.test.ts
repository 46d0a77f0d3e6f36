import { describe, expect, it } from 'vitest';
import { diffRuns } from '../../../../src-main/compare/diff-runs.js';
import { scriptedModel, type ScriptInput } from '../../../../src-main/providers/scripted.js';
import { bench } from '../run-helpers.js';

const graph = {
  entry_node_id: 'greet',
  first_speaker: 'agent' as const,
  nodes: [
    { id: 'greet', type: 'conversation' as const, instruction: { mode: 'prompt' as const, text: 'Greet and help.' } },
  ],
};
const scores = (x: number) => ({
  helpfulness: x,
  coherence: x,
  relevance: x,
  faithfulness: x,
  verbosity: 1,
  reasoning: `scored ${x}`,
});
const judge = (...turns: number[]) => scriptedModel({ name: 'judge', turn_quality: turns.map(scores) } as ScriptInput);

describe('per-turn quality in runs', () => {
  it("the suite's turn_quality scores every agent turn with the judge; the calls are recorded; off by default", async () => {
    const suite = { name: 's', turn_quality: true, tests: [{ name: 't', caller_script: ['hi', 'thanks'] }] };
    const b = bench(graph, suite, {
      agent: { chat: ['Hello!', 'Sure.', 'Bye.'] } as ScriptInput,
      judge: judge(0.9, 0.6, 0.3),
    });
    const out = await (await b.start()).done;
    const [r] = out.results;
    expect(r.turn_quality?.turns.map((t) => [t.index, t.node, t.scores.helpfulness, t.reasoning])).toEqual([
      [0, 'greet', 0.9, 'scored 0.9'],
      [2, 'greet', 0.6, 'scored 0.6'],
      [4, 'greet', 0.3, 'scored 0.3'],
    ]);
    expect(r.turn_quality?.mean?.helpfulness).toBeCloseTo(0.6);
    expect(r.model_calls.filter((c) => c.purpose === 'turn_quality')).toHaveLength(3);
    expect(b.store.results.listByRun(out.run.id)[0].turn_quality?.turns).toHaveLength(3);

    const off = bench(
      graph,
      { ...suite, turn_quality: undefined },
      { agent: { chat: ['Hello!'] } as ScriptInput, judge: judge(0.9) },
    );
    const plain = await (await off.start()).done;
    expect(plain.results[0].turn_quality).toBeUndefined();
    const forced = await (await off.start({ options: { turn_quality: true } })).done;
    expect(forced.results[0].turn_quality?.turns.length).toBeGreaterThan(0);
  });

  it('a comparison with another judge withholds the turn deltas (scores not comparable); the means stay', async () => {
    const suite = { name: 's', turn_quality: true, tests: [{ name: 't', caller_script: ['hi', 'thanks'] }] };
    const a = bench(graph, suite, {
      agent: { chat: ['Hello!', 'Sure.', 'Bye.'] } as ScriptInput,
      judge: judge(0.9, 0.9, 0.9),
    });
    const runA = await (await a.start()).done;
    const runB = await (
      await a.start({
        models: {
          agent: scriptedModel({ chat: ['Hello!', 'Whatever.', 'Bye.'] } as ScriptInput),
          caller: scriptedModel({}),
          judge: judge(0.9, 0.2, 0.9),
        },
      })
    ).done;
    const d = diffRuns({ run: runA.run, results: runA.results }, { run: runB.run, results: runB.results });
    const tq = d.tests[0].turn_quality!;
    // B's judge is another script: a delta would be the judge's, not the agent's
    expect(tq.turns.map((t) => t.delta)).toEqual([null, null, null]);
    expect(tq.mean_b!.helpfulness).toBeLessThan(tq.mean_a!.helpfulness);
  });
});
