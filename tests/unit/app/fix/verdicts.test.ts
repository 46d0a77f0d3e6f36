import { describe, expect, it } from 'vitest';
import type { Result, TargetVerdict } from '../../../../src-shared/schemas/index.js';
import {
  iterationOutcome,
  passCount,
  reached,
  suiteCheck,
  targetVerdict,
} from '../../../../src-main/app/fix/verdicts.js';
import { fakeResult } from '../../../support/results.js';

const r = (test: string, status: Result['status'], over: Partial<Result> = {}, i = 0): Result => ({
  id: `res_${test}_${i}_${status}`,
  ...fakeResult('run', test.charCodeAt(0), status, { test, repeat: i, ...over }),
});

describe('fix verdicts', () => {
  it('"fixed" means the pass rate rose by more than noise (Fisher), not one lucky pass', () => {
    expect(targetVerdict('t', { k: 0, n: 4 }, { k: 3, n: 3 })).toMatchObject({ change: 'improved', all_passed: true });
    expect(targetVerdict('t', { k: 0, n: 4 }, { k: 3, n: 3 }).p).toBeCloseTo(1 / 35, 12);
    // 0 of 1 against 3 of 3: p = 0.25, within noise
    expect(targetVerdict('t', { k: 0, n: 1 }, { k: 3, n: 3 }).change).toBe('better');
    expect(targetVerdict('t', { k: 0, n: 1 }, { k: 3, n: 3 }).p).toBeCloseTo(0.25, 12);
    expect(targetVerdict('t', { k: 0, n: 4 }, { k: 1, n: 3 }).change).toBe('better');
    expect(targetVerdict('t', { k: 2, n: 4 }, { k: 0, n: 3 }).change).toBe('worse');
    expect(targetVerdict('t', { k: 0, n: 4 }, { k: 0, n: 3 })).toMatchObject({
      change: 'same',
      p: 1,
      all_passed: false,
    });
    expect(targetVerdict('t', { k: 0, n: 4 }, { k: 0, n: 0 })).toMatchObject({
      change: 'same',
      p: null,
      all_passed: false,
    });
  });

  it('passes of the judged conversations: an invalid caller or an imported call has no verdict', () => {
    expect(
      passCount([r('a', 'pass'), r('a', 'fail', { caller_invalid: true }), r('a', 'imported'), r('a', 'error')]),
    ).toEqual({ k: 1, n: 2 });
  });

  it('a pass that turns into a fail elsewhere in the suite is a regression; a test not in the new run is left out', () => {
    const start = [r('a', 'pass'), r('b', 'fail'), r('c', 'pass')];
    const check = suiteCheck('run_new', start, [r('a', 'fail'), r('b', 'pass')]);
    expect(check.tests.map((t) => [t.test, t.change])).toEqual([
      ['a', 'regressed'],
      ['b', 'improved'],
    ]);
    expect(check.regressions).toEqual(['a']);
  });

  it('the outcome: any regression rejects it; all pass, improved, or no change', () => {
    const v = (change: TargetVerdict['change'], all = false, p: number | null = 0.01): TargetVerdict => ({
      test: 't',
      before: { k: 0, n: 4 },
      after: { k: 3, n: 3 },
      p,
      change,
      all_passed: all,
    });
    const clean = { run_id: 'r', skipped: null, tests: [], regressions: [] };
    expect(iterationOutcome([v('improved', true)], { ...clean, regressions: ['x'] })).toBe('regressed');
    expect(iterationOutcome([v('improved', true)], clean)).toBe('all_pass');
    expect(iterationOutcome([v('improved'), v('same', false, 1)], clean)).toBe('improved');
    expect(iterationOutcome([v('better', false, 0.2)], null)).toBe('no_change');
    expect(iterationOutcome([v('worse', false, 0.01)], clean)).toBe('regressed');
    expect(reached('improved', { outcome: 'all_pass', targets: [v('better', true, 0.2)] })).toBe(false);
    expect(reached('all-pass', { outcome: 'all_pass', targets: [v('better', true, 0.2)] })).toBe(true);
    expect(reached('improved', { outcome: 'improved', targets: [v('improved')] })).toBe(true);
  });
});
