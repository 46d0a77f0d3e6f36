import { describe, expect, it } from 'vitest';
import { allTestsOk, conversationStatus, summarizeTests } from '../../../../src-main/engine/judge/pass-fail.js';

const ok = { kind: 'x', target: 'x', passed: true, message: '' };
const bad = { ...ok, passed: false };
const metric = (score: number, threshold = 0.7) => ({
  criterion: 'c',
  score,
  threshold,
  passed: score >= threshold,
  reasoning: '',
});

describe('pass / fail', () => {
  it('pass = no error + every rule + every assertion + every metric at its threshold', () => {
    expect(conversationStatus({ error: null, rules: [ok], assertions: [ok], metrics: [metric(0.7)] })).toBe('pass');
    expect(conversationStatus({ error: null, rules: [], assertions: [], metrics: [] })).toBe('pass');
    expect(conversationStatus({ error: null, rules: [bad], assertions: [ok], metrics: [] })).toBe('fail');
    expect(conversationStatus({ error: null, rules: [ok], assertions: [bad], metrics: [] })).toBe('fail');
    expect(conversationStatus({ error: null, rules: [], assertions: [], metrics: [metric(0.69)] })).toBe('fail');
    expect(conversationStatus({ error: 'model down', rules: [ok], assertions: [ok], metrics: [metric(1)] })).toBe(
      'error',
    );
  });

  it('repeats give a pass rate per test, checked against the suite min_pass_rate (default 1)', () => {
    const results = [
      { test: 'a', test_index: 0, status: 'pass' as const },
      { test: 'a', test_index: 0, status: 'fail' as const },
      { test: 'a', test_index: 0, status: 'pass' as const },
      { test: 'a', test_index: 0, status: 'pass' as const },
      { test: 'b', test_index: 1, status: 'pass' as const },
      { test: 'b', test_index: 1, status: 'error' as const },
    ];
    const strict = summarizeTests(results);
    expect(strict).toEqual([
      {
        test: 'a',
        test_index: 0,
        runs: 4,
        passed: 3,
        failed: 1,
        errored: 0,
        pass_rate: 0.75,
        // Wilson 95% for 3 of 4 (hand-computed: (0.75 + 0.4802 ± 0.4620) / 1.9604)
        pass_interval: { low: expect.closeTo(0.3006, 4), high: expect.closeTo(0.9544, 4) },
        min_pass_rate: 1,
        ok: false,
      },
      {
        test: 'b',
        test_index: 1,
        runs: 2,
        passed: 1,
        failed: 0,
        errored: 1,
        pass_rate: 0.5,
        pass_interval: { low: expect.closeTo(0.0945, 4), high: expect.closeTo(0.9055, 4) },
        min_pass_rate: 1,
        ok: false,
      },
    ]);
    expect(allTestsOk(strict)).toBe(false);
    const lenient = summarizeTests(results, { min_pass_rate: 0.75 });
    expect(lenient.map((o) => o.ok)).toEqual([true, false]);
    expect(allTestsOk(summarizeTests(results, { min_pass_rate: 0.5 }))).toBe(true);
  });
});
