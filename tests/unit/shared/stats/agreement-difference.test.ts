import { describe, expect, it } from 'vitest';
import {
  agreement,
  differenceHint,
  differenceOfProportions,
  repeatsNeeded,
} from '../../../../src-shared/stats/index.js';

describe('agreement', () => {
  it('matches a hand-computed table: 12 verdicts, judge against reviewer', () => {
    // [judge passed, reviewer passed]
    const pairs: [boolean, boolean][] = [
      [false, false],
      [false, false],
      [false, false], // both fail: 3
      [false, true], // judge fails, reviewer passes: 1
      [true, false],
      [true, false], // judge passes, reviewer fails: 2
      [true, true],
      [true, true],
      [true, true],
      [true, true],
      [true, true],
      [true, true], // both pass: 6
    ];
    const a = agreement(pairs);
    expect(a.table).toEqual({ fail_fail: 3, fail_pass: 1, pass_fail: 2, pass_pass: 6 });
    expect(a.n).toBe(12);
    // accuracy 9/12; precision of fail 3/4; recall of fail 3/5
    expect([a.accuracy.k, a.accuracy.n]).toEqual([9, 12]);
    expect([a.precision_fail.k, a.precision_fail.n]).toEqual([3, 4]);
    expect([a.recall_fail.k, a.recall_fail.n]).toEqual([3, 5]);
    // po = 9/12; pe = (4/12)(5/12) + (8/12)(7/12) = 76/144; kappa = (108/144 - 76/144) / (68/144) = 32/68
    expect(a.kappa.kappa).toBeCloseTo(32 / 68, 12);
  });
});

// Newcombe RG (1998). Interval estimation for the difference between independent proportions:
// comparison of eleven methods. Statistics in Medicine 17:873-890. Table II, method 10 (score
// interval for each proportion, "hybrid"), the eight published examples.
const NEWCOMBE_1998_TABLE_II: [number, number, number, number, number, number][] = [
  [56, 70, 48, 80, 0.0524, 0.3339],
  [9, 10, 3, 10, 0.1705, 0.809],
  [6, 7, 2, 7, 0.0582, 0.8062],
  [5, 56, 0, 29, -0.0381, 0.1926],
  [0, 10, 0, 20, -0.1611, 0.2775],
  [0, 10, 0, 10, -0.2775, 0.2775],
  [10, 10, 0, 20, 0.6791, 1],
  [10, 10, 0, 10, 0.6075, 1],
];

describe('differenceOfProportions', () => {
  it.each(NEWCOMBE_1998_TABLE_II)('%i/%i - %i/%i gives Newcombe 1998 Table II: %f to %f', (k1, n1, k2, n2, lo, hi) => {
    const d = differenceOfProportions(k1, n1, k2, n2);
    expect(d.diff).toBeCloseTo(k1 / n1 - k2 / n2, 12);
    expect(d.low).toBeCloseTo(lo, 4);
    expect(d.high).toBeCloseTo(hi, 4);
  });

  it('has no difference without data', () => {
    expect(differenceOfProportions(0, 0, 3, 4)).toEqual({ diff: null, low: -1, high: 1 });
  });
});

describe('repeatsNeeded', () => {
  it('follows the unpooled two-proportion formula (hand-computed)', () => {
    // (1.95996 + 0.84162)^2 * (0.65*0.35 + 0.85*0.15) / 0.2^2 = 7.8489 * 0.355 / 0.04 = 69.66 -> 70
    expect(repeatsNeeded(0.65, 0.85)).toBe(70);
    // 0.5 vs 0.4: 7.8489 * 0.49 / 0.01 = 384.6 -> 385
    expect(repeatsNeeded(0.5, 0.4)).toBe(385);
    expect(repeatsNeeded(0.5, 0.5)).toBeNull();
  });

  it('words the hint', () => {
    expect(differenceHint(6, 10, 5, 10)).toBe(
      'a 10-point difference could be chance: about 385 conversations per run would show a difference this size (you have 10)',
    );
    expect(differenceHint(10, 10, 0, 10)).toBe('a 100-point difference, clear at this sample size (10 vs 10)');
    expect(differenceHint(5, 10, 5, 10)).toBe('no difference observed');
  });
});
