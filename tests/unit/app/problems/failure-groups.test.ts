import { describe, expect, it } from 'vitest';
import {
  collectFailures,
  failsOnSeverity,
  groupFailures,
  groupingSchema,
} from '../../../../src-main/app/analysis/problems/failure-groups.js';
import {
  scoreTurnQuality,
  turnQualityDeltas,
  TURN_QUALITY_SCHEMA,
} from '../../../../src-main/engine/judge/turn-quality.js';
import { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { mkResult, turn, visit } from '../../compare/build.js';
import { fakeModel } from '../../compare/fake-model.js';

const failed = (criterion: string, reasoning: string, turns?: number[]) => ({
  criterion,
  score: 0.2,
  threshold: 0.7,
  passed: false,
  reasoning,
  ...(turns ? { turns } : {}),
});

const results = [
  mkResult({
    test: 'weather',
    status: 'fail',
    metrics: [failed('Does not invent facts', 'claimed it is sunny', [0])],
    transcript: [turn('agent', 'It is sunny', 'info')],
  }),
  mkResult({
    test: 'weather 2',
    test_index: 1,
    status: 'fail',
    metrics: [failed('Does not invent facts', 'made up a forecast')],
    rules: [{ kind: 'excludes', target: 'SSN', passed: false, message: 'found' }],
  }),
  mkResult({ test: 'crash', test_index: 2, status: 'error', error: 'timeout' }),
  mkResult({ test: 'fine', test_index: 3 }),
];

describe('groupFailures', () => {
  it('collects metric, rule and error failures with nodes', () => {
    const f = collectFailures(results);
    expect(f.map((x) => [x.id, x.test, x.kind, x.nodes])).toEqual([
      [0, 'weather', 'metric', ['info']],
      [1, 'weather 2', 'metric', []],
      [2, 'weather 2', 'rule', []],
      [3, 'crash', 'error', []],
    ]);
  });

  it('makes ONE bounded structured call and maps ids to examples', async () => {
    const model = fakeModel(() => ({
      problems: [
        {
          label: 'Invents weather',
          description: 'Gives forecasts without data',
          severity: 'high',
          failure_ids: [0, 1, 1, 99],
        },
        { label: 'Leaks PII', description: 'Repeats the SSN', severity: 'critical', failure_ids: [2, 0] },
        { label: 'Empty', description: '', severity: 'low', failure_ids: [] },
      ],
    }));
    const g = await groupFailures(results, model);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0].maxTokens).toBe(1500);
    expect(model.requests[0].schema).toEqual(groupingSchema(4, 8));
    expect(model.requests[0].messages[1].content).toContain('[3] test "crash" repeat 1, error "error": timeout');
    expect(g.groups.map((x) => [x.label, x.severity, x.occurrences, x.examples.map((e) => e.id)])).toEqual([
      ['Leaks PII', 'critical', 1, [2]],
      ['Invents weather', 'high', 2, [0, 1]],
    ]);
    expect(g.ungrouped.map((f) => f.id)).toEqual([3]);
    expect(g.total_failures).toBe(4);
    expect(model.disposed).toBe(1);
    expect(failsOnSeverity(g.groups, 'critical')).toBe(true);
    expect(failsOnSeverity([{ severity: 'high' }], 'critical')).toBe(false);
    expect(failsOnSeverity([{ severity: 'medium' }], 'medium')).toBe(true);
  });

  it('bounds every string, number and array in the schema', () => {
    const item = (
      groupingSchema(5, 3) as {
        properties: { problems: { maxItems: number; items: { properties: Record<string, Record<string, unknown>> } } };
      }
    ).properties.problems;
    expect(item.maxItems).toBe(3);
    expect(item.items.properties.label.maxLength).toBe(80);
    expect(item.items.properties.description.maxLength).toBe(240);
    expect(item.items.properties.failure_ids.items as unknown).toEqual({ type: 'integer', minimum: 0, maximum: 4 });
  });

  it('no failures: no model call', async () => {
    const model = fakeModel(() => {
      throw new Error('should not be called');
    });
    expect(await groupFailures([mkResult({ test: 'ok' })], model)).toEqual({
      groups: [],
      ungrouped: [],
      total_failures: 0,
      usage: null,
    });
    expect(model.requests).toHaveLength(0);
  });
});

describe('scoreTurnQuality', () => {
  const graph = AgentGraph.parse({
    entry_node_id: 'greet',
    nodes: [
      { id: 'greet', type: 'conversation', instruction: { text: 'Greet the caller warmly.' } },
      { id: 'end', type: 'end', message: { text: 'Say goodbye.' } },
    ],
  });
  const result = mkResult({
    test: 't',
    transcript: [turn('agent', 'Hello!'), turn('caller', 'Bye'), turn('agent', 'Goodbye', 'end')],
    nodes_visited: [visit('greet', 0), visit('end', 2)],
  });

  it('one structured call per agent turn with the node instruction, averaged', async () => {
    const model = fakeModel((_req, n) => ({
      helpfulness: n === 0 ? 1 : 0.5,
      coherence: 0.8,
      relevance: 0.6,
      faithfulness: 2,
      verbosity: 0.4,
      reasoning: 'ok',
    }));
    const q = await scoreTurnQuality(result, model, { graph });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0].schema).toBe(TURN_QUALITY_SCHEMA);
    expect(model.requests[0].messages[1].content).toContain('Greet the caller warmly.');
    expect(model.requests[1].messages[1].content).toContain('Say goodbye.');
    expect(model.requests[1].messages[1].content).toContain('caller: Bye');
    expect(q.turns.map((t) => [t.index, t.node, t.scores.helpfulness, t.scores.faithfulness])).toEqual([
      [0, 'greet', 1, 1],
      [2, 'end', 0.5, 1],
    ]);
    expect(q.mean).toEqual({ helpfulness: 0.75, coherence: 0.8, relevance: 0.6, faithfulness: 1, verbosity: 0.4 });
    const d = turnQualityDeltas(q, { ...q, turns: [q.turns[0]] });
    expect(d[0].delta?.helpfulness).toBe(0);
    expect(d[1].delta).toBeNull();
  });
});
