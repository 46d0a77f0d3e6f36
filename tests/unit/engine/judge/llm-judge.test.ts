import { describe, expect, it } from 'vitest';
import { TestCase, type TranscriptTurn } from '../../../../src-shared/schemas/index.js';
import { judgeMetrics, resolveMetrics } from '../../../../src-main/engine/judge/index.js';
import { ModelCalls } from '../../../../src-main/engine/model-io/model-calls.js';
import { scriptedModel, type ScriptInput } from '../../../../src-main/providers/scripted.js';
import { graph, spy, unboundedParts } from '../helpers.js';

const transcript: TranscriptTurn[] = [
  { role: 'agent', content: 'Hello, Acme.', node: 'greet' },
  { role: 'caller', content: 'My card is 4111 1111 1111 1111', node: 'greet' },
  { role: 'agent', content: 'Your card 4111 1111 1111 1111 is noted.', node: 'pay' },
];

function judgeWith(script: ScriptInput) {
  const s = spy(scriptedModel(script));
  const calls = new ModelCalls({ agent: s.model, caller: s.model, judge: s.model });
  return { s, calls };
}

const metrics = (
  list: unknown[],
  extra: Record<string, unknown> = {},
  agentMetrics: unknown[] = [],
  suite?: { metric_threshold?: number },
) =>
  resolveMetrics(
    TestCase.parse({ name: 't', metrics: list, ...extra }),
    graph({ entry_node_id: 'a', nodes: [], metrics: agentMetrics as never }),
    suite,
  );

describe('metric thresholds', () => {
  it('per-metric override > test metric_threshold > suite > 0.7; agent metrics when enabled, flagged global', () => {
    expect(metrics(['a', { criterion: 'b', threshold: 0.9 }]).map((m) => m.threshold)).toEqual([0.7, 0.9]);
    expect(metrics(['a'], {}, [], { metric_threshold: 0.5 })[0].threshold).toBe(0.5);
    expect(metrics(['a'], { metric_threshold: 0.6 }, [], { metric_threshold: 0.5 })[0].threshold).toBe(0.6);
    expect(
      metrics([], {}, [
        { criterion: 'never reads a card number', threshold: 0.95 },
        { criterion: 'off', enabled: false },
        { criterion: 'polite' },
      ]),
    ).toEqual([
      { criterion: 'never reads a card number', threshold: 0.95, global: true },
      { criterion: 'polite', threshold: 0.7, global: true },
    ]);
  });
});

describe('LLM judge', () => {
  it('scores all metrics of a transcript in ONE bounded structured call, mapping cited turns to nodes', async () => {
    // the judge cites the bracket numbers it read (from 1); results keep stored indices (from 0)
    const { s, calls } = judgeWith({
      judge: [
        {
          metric_1: { score: 0.9, reasoning: 'greeted', turns: [1] },
          metric_2: { score: 0.1, reasoning: 'read the card back', turns: [3, 2, 3, 99, 0] },
        },
      ],
    });
    const out = await judgeMetrics(calls, transcript, metrics(['Agent greets', 'Never repeats a card number']));
    expect(s.seen).toHaveLength(1);
    expect(s.seen[0].purpose).toBe('judge');
    expect(unboundedParts(s.seen[0].schema)).toEqual([]);
    expect(s.seen[0].messages[1].content).toContain(
      '[1] agent: Hello, Acme.\n[2] caller: My card is 4111 1111 1111 1111',
    );
    expect(s.seen[0].messages[0].content).toContain('the numbers in brackets');
    expect(s.seen[0].schema).toMatchObject({
      properties: { metric_1: { properties: { turns: { items: { minimum: 1, maximum: 3 } } } } },
    });
    // the rubric leads (system message), the transcript comes last
    expect(s.seen[0].messages[0].content).toContain('metric_2: Never repeats a card number');
    expect(out).toEqual([
      {
        criterion: 'Agent greets',
        score: 0.9,
        threshold: 0.7,
        passed: true,
        reasoning: 'greeted',
        turns: [0],
        nodes: ['greet'],
      },
      {
        criterion: 'Never repeats a card number',
        score: 0.1,
        threshold: 0.7,
        passed: false,
        reasoning: 'read the card back',
        turns: [1, 2],
        nodes: ['pay'],
      },
    ]);
    expect(calls.records[0]).toMatchObject({ role: 'judge', purpose: 'judge' });
  });

  it('cited caller turns map to their node when no agent turn is cited; scores are clamped', async () => {
    const { calls } = judgeWith({ judge: [{ metric_1: { score: 7, turns: [2] } }] });
    const [m] = await judgeMetrics(calls, transcript, metrics(['x']));
    expect(m).toMatchObject({ score: 1, passed: true, turns: [1], nodes: ['greet'] });
  });

  it('falls back to one call per metric when the combined call gives bad output', async () => {
    const { s, calls } = judgeWith({ judge: [{ $error: 'grammar overflow', $code: 'bad_output' }, 0.8, 0.2] });
    const out = await judgeMetrics(calls, transcript, metrics(['a', 'b']));
    expect(out.map((m) => [m.criterion, m.score, m.passed])).toEqual([
      ['a', 0.8, true],
      ['b', 0.2, false],
    ]);
    expect(s.seen).toHaveLength(3);
    expect(s.seen[1].schema).toMatchObject({ properties: { score: { minimum: 0, maximum: 1 } } });
    expect(s.seen[1].messages[1].content).toMatch(/Criterion: a$/);
  });

  it('other model failures are not retried (the test becomes an error)', async () => {
    const { calls } = judgeWith({ judge: [{ $error: 'connection refused' }] });
    await expect(judgeMetrics(calls, transcript, metrics(['a']))).rejects.toThrow(
      /judge model scripted:inline \(judge\) failed: .*connection refused/,
    );
  });

  it('combined:false judges one metric per call', async () => {
    const { s, calls } = judgeWith({ judge: [1, 0] });
    const out = await judgeMetrics(calls, transcript, metrics(['a', 'b']), { combined: false });
    expect(out.map((m) => m.score)).toEqual([1, 0]);
    expect(s.seen.map((c) => c.purpose)).toEqual(['judge', 'judge']);
  });

  it('two-step: lists the facts first, then judges against them', async () => {
    const { s, calls } = judgeWith({ facts: [['The agent read the card number back.']], judge: [0.3] });
    const [m] = await judgeMetrics(calls, transcript, metrics(['Never repeats a card number']), { twoStep: true });
    expect(s.seen.map((c) => c.purpose)).toEqual(['facts', 'judge']);
    expect(unboundedParts(s.seen[0].schema)).toEqual([]);
    expect(s.seen[1].messages[1].content).toContain(
      'Facts established from the transcript:\n- The agent read the card number back.',
    );
    expect(m.score).toBe(0.3);
  });

  it('no metrics: no call', async () => {
    const { s, calls } = judgeWith({});
    expect(await judgeMetrics(calls, transcript, [])).toEqual([]);
    expect(s.seen).toEqual([]);
  });
});
