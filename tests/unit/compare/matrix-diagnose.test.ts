import { describe, expect, it } from 'vitest';
import { diagnose, failuresByNode, nodeAtTurn, withMetricNodes } from '../../../src-main/compare/diagnose.js';
import { compareRunsMatrix } from '../../../src-main/compare/matrix.js';
import { mkResult, mkRun, repeats, turn, visit } from './build.js';

const m = (criterion: string, score: number, extra: object = {}) => ({
  criterion,
  score,
  threshold: 0.7,
  passed: score >= 0.7,
  reasoning: `r ${criterion}`,
  ...extra,
});

describe('diagnose', () => {
  const result = mkResult({
    test: 't',
    status: 'fail',
    transcript: [
      turn('agent', 'Hi'),
      turn('caller', 'Card is 4111 1111'),
      turn('agent', 'Your card 4111 1111 is saved'),
      turn('caller', 'ok'),
      turn('agent', 'Bye', 'end'),
    ],
    nodes_visited: [visit('greet', 0), visit('payment', 2, 'e_pay'), visit('end', 4, 'e_end')],
    metrics: [
      m('Never reads out card numbers', 0.1, { turns: [2] }),
      m('Polite', 0.9, { turns: [0] }),
      m('Ends well', 0.5, { turns: [4, 99], nodes: ['goodbye'] }),
    ],
  });

  it('maps untagged turns to the node entered at or before them', () => {
    expect([0, 1, 2, 3, 4].map((i) => nodeAtTurn(result, i))).toEqual(['greet', 'greet', 'payment', 'payment', 'end']);
  });

  it('points each failed metric at its turns and nodes; judge-given nodes win; bad turn indexes dropped', () => {
    const d = diagnose(result);
    expect(d.map((x) => [x.criterion, x.nodes, x.turns.map((t) => t.index)])).toEqual([
      ['Never reads out card numbers', ['payment'], [2]],
      ['Ends well', ['goodbye'], [4]],
    ]);
    expect(d[0].turns[0]).toEqual({
      index: 2,
      role: 'agent',
      node: 'payment',
      content: 'Your card 4111 1111 is saved',
    });
  });

  it('withMetricNodes fills nodes from turns; failuresByNode counts per node', () => {
    const r = withMetricNodes(result);
    expect(r.metrics.map((x) => x.nodes)).toEqual([['payment'], ['greet'], ['goodbye']]);
    expect(failuresByNode([r, r])).toEqual([
      { node: 'goodbye', failures: 2, criteria: ['Ends well'] },
      { node: 'payment', failures: 2, criteria: ['Never reads out card numbers'] },
    ]);
  });
});

describe('compareRunsMatrix', () => {
  const runs = [
    {
      run: mkRun({
        id: 'r1',
        models: {
          agent: {
            spec: { provider: 'ollama', model: 'llama3.2' },
            identity: { provider: 'ollama', name: 'llama3.2:3b', quantization: 'Q4_K_M' },
          },
        },
      }),
      results: [
        mkResult({
          test: 'a',
          test_index: 0,
          metrics: [m('x', 0.8)],
          tokens: { prompt: 100, cached_prompt: 0, completion: 50 },
        }),
        ...repeats('b', 1, ['pass', 'fail']),
      ],
    },
    {
      run: mkRun({ id: 'r2', models: { agent: { spec: { provider: 'ollama', model: 'qwen2.5' } } } }),
      results: [
        mkResult({ test: 'a', test_index: 0, status: 'fail', metrics: [m('x', 0.4)] }),
        ...repeats('b', 1, ['pass', 'pass']),
      ],
    },
    { run: mkRun({ id: 'r3', models: {} }), results: [mkResult({ test: 'c', test_index: 0 })] },
  ];
  const mx = compareRunsMatrix(runs);

  it('rows are tests, columns runs, cells status/pass rate/score/tokens/ms', () => {
    expect(mx.tests.map((r) => r.test)).toEqual(['a', 'b', 'c']);
    expect(mx.tests[0].cells[0]).toEqual({
      status: 'pass',
      pass_rate: 1,
      mean_score: 0.8,
      tokens: 150,
      ms: 1000,
      repeats: 1,
    });
    expect(mx.tests[0].cells[1]).toMatchObject({ status: 'fail', pass_rate: 0, mean_score: 0.4 });
    expect(mx.tests[0].cells[2]).toBeNull();
    expect(mx.tests[1].cells.map((c) => c?.pass_rate ?? null)).toEqual([0.5, 1, null]);
    expect(mx.tests.map((r) => r.differs)).toEqual([true, true, true]);
  });

  it('per-run totals and chart series per model', () => {
    expect(mx.chart.map((c) => [c.run, c.model, c.pass_rate])).toEqual([
      ['r1', 'ollama:llama3.2:3b Q4_K_M', 2 / 3],
      ['r2', 'ollama:qwen2.5', 2 / 3],
      ['r3', '-', 1],
    ]);
    expect(mx.chart[0].mean_score).toBeCloseTo(0.8);
    expect(mx.runs[1].totals.mean_scores).toEqual({ x: 0.4 });
  });
});
