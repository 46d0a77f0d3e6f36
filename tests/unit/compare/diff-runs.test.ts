import { describe, expect, it } from 'vitest';
import { diffRuns, hasRegression } from '../../../src-main/compare/diff-runs.js';
import { classifyChange, sideOutcome } from '../../../src-main/compare/outcome.js';
import { pairResults } from '../../../src-main/compare/pair.js';
import type { Result } from '../../../src-shared/schemas/index.js';
import { mkResult, mkRun, repeats, turn, visit } from './build.js';
import { JUDGE_CHANGED_VERDICTS } from '../../../src-shared/contract/compare-shapes.js';

const metric = (criterion: string, score: number, reasoning: string, threshold = 0.7) => ({
  criterion,
  score,
  threshold,
  passed: score >= threshold,
  reasoning,
});
const rule = (kind: string, target: string, passed: boolean, message = '') => ({ kind, target, passed, message });

function runA(): Result[] {
  return [
    mkResult({ test: 'greets', test_index: 0, metrics: [metric('Greets warmly', 0.9, 'said hello')] }),
    mkResult({
      test: 'books',
      test_index: 1,
      status: 'pass',
      end_reason: 'end_node',
      turns: 2,
      duration_ms: 1200,
      tokens: { prompt: 300, cached_prompt: 50, completion: 40 },
      metrics: [metric('Books the appointment', 0.9, 'booked for Tuesday')],
      rules: [rule('includes', 'Tuesday', true), rule('excludes', 'SSN', true)],
      transcript: [
        turn('agent', 'Hello, how can I help?', 'greet'),
        turn('caller', 'I want to book', 'greet'),
        turn('agent', 'Sure, Tuesday at 3pm works.', 'book'),
        turn('caller', 'Great', 'book'),
        turn('agent', 'Booked. Bye!', 'end'),
      ],
      nodes_visited: [
        visit('greet', 0, undefined, 'entry'),
        visit('book', 2, 'e_book', 'caller wants to book'),
        visit('end', 4, 'e_done', 'booked'),
      ],
    }),
    mkResult({ test: 'cancels', test_index: 2, status: 'fail', metrics: [metric('Cancels', 0.2, 'did not cancel')] }),
    mkResult({ test: 'old test', test_index: 3 }),
    ...repeats('coin', 4, ['pass', 'pass', 'pass', 'pass', 'fail']),
    ...repeats('sig drop', 5, Array(10).fill('pass')),
    ...repeats('wobbly', 6, ['pass', 'fail', 'pass', 'pass', 'fail']),
  ];
}

function runB(): Result[] {
  return [
    mkResult({ test: 'greets', test_index: 0, metrics: [metric('Greets warmly', 0.8, 'said hi')] }),
    mkResult({
      test: 'books',
      test_index: 1,
      status: 'fail',
      end_reason: 'max_turns',
      turns: 3,
      duration_ms: 2000,
      tokens: { prompt: 500, cached_prompt: 50, completion: 60 },
      metrics: [metric('Books the appointment', 0.3, 'never booked', 0.7)],
      rules: [
        rule('includes', 'Tuesday', false, 'missing "Tuesday"'),
        rule('excludes', 'SSN', true),
        rule('pattern', 'REF-\\d+', false, 'no match'),
      ],
      transcript: [
        turn('agent', 'Hello, how can I help?', 'greet'),
        turn('caller', 'I want to book', 'greet'),
        turn('agent', 'Let me transfer you to billing.', 'billing'),
        turn('caller', 'No, booking!', 'billing'),
        turn('agent', 'Billing can help.', 'billing'),
      ],
      nodes_visited: [
        visit('greet', 0, undefined, 'entry'),
        visit('billing', 2, 'e_billing', 'caller mentions payment'),
      ],
    }),
    mkResult({ test: 'cancels', test_index: 2, status: 'pass', metrics: [metric('Cancels', 0.95, 'cancelled')] }),
    ...repeats('coin', 3, ['pass', 'pass', 'fail', 'fail', 'fail']),
    ...repeats('sig drop', 4, ['fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'pass']),
    ...repeats('wobbly', 5, ['pass', 'pass', 'fail', 'pass', 'fail']),
    mkResult({ test: 'brand new', test_index: 6 }),
  ];
}

// B swaps the agent model and keeps the caller and judge on A's (scripted) model, so scores compare
const script = { spec: { provider: 'scripted' as const, model: 'a.json' } };
const diff = (
  bModels: Parameters<typeof mkRun>[0]['models'] = {
    agent: { spec: { provider: 'ollama', model: 'qwen2.5' } },
    caller: script,
    judge: script,
  },
) =>
  diffRuns(
    { run: mkRun({ id: 'run_a' }), results: runA(), minPassRate: 0.6 },
    { run: mkRun({ id: 'run_b', models: bModels }), results: runB(), minPassRate: 0.6 },
  );
const byName = (name: string) => diff().tests.find((t) => t.test === name)!;

describe('diffRuns: change kinds', () => {
  it('labels every test with its change, regressions first', () => {
    const d = diff();
    expect(d.tests.map((t) => [t.test, t.change])).toEqual([
      ['books', 'regressed'],
      ['sig drop', 'regressed'],
      ['cancels', 'improved'],
      ['coin', 'noise'],
      ['wobbly', 'flaky'],
      ['brand new', 'new'],
      ['old test', 'removed'],
      ['greets', 'same'],
    ]);
    expect(d.summary.counts).toEqual({ regressed: 2, improved: 1, noise: 1, flaky: 1, new: 1, removed: 1, same: 1 });
    expect(d.summary.regressions).toEqual(['books', 'sig drop']);
    expect(d.summary.improvements).toEqual(['cancels']);
    expect(hasRegression(d)).toBe(true);
  });

  it('without repeats a flip is a regression of unknown significance', () => {
    const t = byName('books');
    expect([t.status_a, t.status_b, t.significant, t.p]).toEqual(['pass', 'fail', null, null]);
  });

  it('with repeats a significant drop is a regression, an insignificant flip is noise', () => {
    const sig = byName('sig drop');
    expect(sig.pass_rate_a).toBe(1);
    expect(sig.pass_rate_b).toBeCloseTo(0.1);
    expect(sig.significant).toBe(true);
    expect(sig.p!).toBeLessThan(0.001);
    const coin = byName('coin');
    expect([coin.status_a, coin.status_b]).toEqual(['pass', 'fail']); // 4/5 >= 0.6, 2/5 < 0.6
    expect(coin.significant).toBe(false);
    expect(coin.p!).toBeGreaterThan(0.05);
    expect(byName('wobbly').status_a).toBe(byName('wobbly').status_b);
  });

  it('metric deltas carry both scores and both reasonings', () => {
    expect(byName('books').metric_deltas).toEqual([
      {
        criterion: 'Books the appointment',
        score_a: 0.9,
        score_b: 0.3,
        delta: expect.closeTo(-0.6, 10),
        threshold_a: 0.7,
        threshold_b: 0.7,
        passed_a: true,
        passed_b: false,
        reasoning_a: 'booked for Tuesday',
        reasoning_b: 'never booked',
      },
    ]);
  });

  it('rule changes: broken, same and added', () => {
    const changes = byName('books').check_changes.map((c) => [c.kind, c.target, c.change, c.message_b]);
    expect(changes).toEqual([
      ['includes', 'Tuesday', 'broken', 'missing "Tuesday"'],
      ['excludes', 'SSN', 'same', null],
      ['pattern', 'REF-\\d+', 'added', 'no match'],
    ]);
  });

  it('turns, tokens, latency and end reason deltas', () => {
    const t = byName('books');
    expect(t.turns).toEqual({ a: 2, b: 3, delta: 1 });
    expect(t.tokens).toEqual({ a: 340, b: 560, delta: 220 });
    expect(t.ms).toEqual({ a: 1200, b: 2000, delta: 800 });
    expect([t.end_reason_a, t.end_reason_b, t.end_reason_changed]).toEqual(['end_node', 'max_turns', true]);
  });

  it('path divergence with the transition and its reason on each side', () => {
    const t = byName('books');
    expect(t.first_divergence).toEqual({
      turn: 2,
      visit: 1,
      from_node: 'greet',
      node_a: 'book',
      node_b: 'billing',
      via_a: 'e_book',
      via_b: 'e_billing',
      reason_a: 'caller wants to book',
      reason_b: 'caller mentions payment',
    });
    expect(t.nodes_only_a).toEqual(['book', 'end']);
    expect(t.nodes_only_b).toEqual(['billing']);
  });

  it('transcript diff aligns turns and marks word changes', () => {
    const t = byName('books');
    expect(t.transcript_diff.map((e) => [e.op, e.role, e.node_a, e.node_b])).toEqual([
      ['same', 'agent', 'greet', 'greet'],
      ['same', 'caller', 'greet', 'greet'],
      ['changed', 'agent', 'book', 'billing'],
      ['changed', 'caller', 'book', 'billing'],
      ['changed', 'agent', 'end', 'billing'],
    ]);
    const words = t.transcript_diff[3].words!;
    expect(words.filter((w) => w.op === '-').map((w) => w.text.trim())).toContain('Great');
    expect(
      words
        .filter((w) => w.op === '+')
        .map((w) => w.text.trim())
        .join(' '),
    ).toContain('booking');
  });

  it('diagnosis of B points the failed metric at nothing when the judge named no turns', () => {
    expect(byName('books').diagnosis).toEqual([
      {
        criterion: 'Books the appointment',
        score: 0.3,
        threshold: 0.7,
        reasoning: 'never booked',
        turns: [],
        nodes: [],
      },
    ]);
  });

  it('summary per side: pass rate, mean scores, tokens, wall time, mean turns and deltas', () => {
    const s = diff().summary;
    expect(s.a.results).toBe(24);
    expect(s.a.passed).toBe(20); // 1+1+0+1+4+10+3
    expect(s.a.pass_rate).toBeCloseTo(20 / 24);
    expect(s.b.passed).toBe(9); // 1+0+1+2+1+3+1
    expect(s.b.pass_rate).toBeCloseTo(9 / 24);
    expect(s.a.mean_scores['Greets warmly']).toBe(0.9);
    expect(s.delta.mean_scores['Greets warmly']).toBeCloseTo(-0.1);
    expect(s.a.wall_ms).toBe(10_000);
    expect(s.delta.pass_rate).toBeCloseTo(9 / 24 - 20 / 24);
    expect(s.b.tokens.total - s.a.tokens.total).toBe(s.delta.tokens);
  });

  it('a judge that followed the agent model changed with it: metric deltas are not given, the reason is', () => {
    const d = diff({ agent: { spec: { provider: 'ollama', model: 'qwen2.5' } } });
    expect(d.differ_line).toBe('A and B differ in: agent, caller and judge model scripted:a.json -> ollama:qwen2.5');
    expect(d.comparability).toMatchObject({ judge_changed: true, caller_changed: true, scores_comparable: false });
    expect(d.comparability.notes[0]).toBe(
      'judge changed: scores not comparable (judge model scripted:a.json -> ollama:qwen2.5)',
    );
    // the pass rate and the regressions still compare, with a note that a pass rests on the judge
    expect(d.comparability.notes[1]).toBe(JUDGE_CHANGED_VERDICTS);
    expect(d.summary.delta.mean_score).toBeNull();
    expect(d.summary.delta.mean_scores['Greets warmly']).toBeNull();
    expect(d.summary.delta.mean_turns).toBeNull();
    const books = d.tests.find((t) => t.test === 'books')!;
    // both scores stay (they are facts); their difference is not one
    expect(books.metric_deltas[0]).toMatchObject({ score_a: 0.9, score_b: 0.3, delta: null });
    expect(books.turns).toEqual({ a: 2, b: 3, delta: null });
    // the pass/fail changes and tokens are still compared
    expect(d.summary.delta.pass_rate).toBeCloseTo(9 / 24 - 20 / 24);
    expect(books.tokens.delta).toBe(220);
  });

  it('the same judge with another parameter is a changed judge; a changed caller leaves the scores', () => {
    const judged = (seed: number) => ({ spec: { ...script.spec, params: { seed } } });
    const d = diff({ agent: script, caller: script, judge: judged(7) });
    expect(d.differ_line).toBe('A and B differ in: judge model parameters seed default -> 7');
    expect(d.comparability.scores_comparable).toBe(false);
    const c = diff({ agent: script, caller: { spec: { provider: 'ollama', model: 'caller' } }, judge: script });
    expect(c.comparability).toMatchObject({ scores_comparable: true, caller_figures_comparable: false });
    expect(c.summary.delta.mean_scores['Greets warmly']).toBeCloseTo(-0.1);
    expect(c.summary.delta.mean_turns).toBeNull();
  });

  it('run refs name the agent model; graph_changes only when agent versions differ', () => {
    const d = diff();
    expect(d.b.model).toBe('ollama:qwen2.5');
    expect(d.graph_changes).toBeNull();
  });
});

describe('pairing', () => {
  it('pairs by name, falling back to index when a name repeats in a run', () => {
    const a = [
      mkResult({ test: 'dup', test_index: 0 }),
      mkResult({ test: 'dup', test_index: 1 }),
      mkResult({ test: 'x', test_index: 2 }),
    ];
    const b = [
      mkResult({ test: 'x', test_index: 0 }),
      mkResult({ test: 'dup', test_index: 1 }),
      mkResult({ test: 'dup', test_index: 2 }),
    ];
    const pairs = pairResults(a, b).map((p) => [p.key, p.test_index_a, p.test_index_b]);
    expect(pairs).toEqual([
      ['#0 dup', 0, null],
      ['#1 dup', 1, 1],
      ['x', 2, 0],
      ['#2 dup', null, 2],
    ]);
  });

  it('groups repeats under one test in repeat order', () => {
    const a = [
      mkResult({ test: 't', repeat: 2 }),
      mkResult({ test: 't', repeat: 0 }),
      mkResult({ test: 't', repeat: 1 }),
    ];
    expect(pairResults(a, [])[0].a.map((r) => r.repeat)).toEqual([0, 1, 2]);
  });
});

describe('outcome and classification', () => {
  it('aggregates repeats with a minimum pass rate; all errors make an error', () => {
    expect(sideOutcome(repeats('t', 0, ['pass', 'fail']), 0.5).status).toBe('pass');
    expect(sideOutcome(repeats('t', 0, ['pass', 'fail'])).status).toBe('fail');
    expect(sideOutcome(repeats('t', 0, ['error', 'error'])).status).toBe('error');
    expect(sideOutcome(repeats('t', 0, ['imported'])).status).toBe('imported');
  });

  it('pass -> error is a regression; fail -> error is not; imported has no verdict', () => {
    const o = (s: Result['status'][]) => sideOutcome(repeats('t', 0, s));
    expect(classifyChange(o(['pass']), o(['error'])).change).toBe('regressed');
    expect(classifyChange(o(['fail']), o(['error'])).change).toBe('same');
    expect(classifyChange(o(['imported']), o(['pass'])).change).toBe('same');
  });

  it('a significant rise in pass rate is an improvement even when both aggregates fail', () => {
    const v = classifyChange(
      sideOutcome(repeats('t', 0, Array(10).fill('fail'))),
      sideOutcome(repeats('t', 0, [...Array(9).fill('pass'), 'fail'])),
    );
    expect(v.change).toBe('improved');
    expect(v.significant).toBe(true);
  });
});
