import { describe, expect, it } from 'vitest';
import { formatProportion, wilson } from '../../../../src-shared/stats/index.js';

// Newcombe RG (1998). Two-sided confidence intervals for the single proportion: comparison of
// seven methods. Statistics in Medicine 17:857-872. Table I, method 3 (Wilson score, no continuity
// correction), printed to 4 decimals.
const NEWCOMBE_1998_TABLE_I: [number, number, number, number][] = [
  [81, 263, 0.2553, 0.3662],
  [15, 148, 0.0624, 0.1605],
  [0, 20, 0, 0.1611],
  [1, 29, 0.0061, 0.1718],
];

describe('wilson', () => {
  it.each(NEWCOMBE_1998_TABLE_I)('%i of %i gives Newcombe 1998 Table I: %f-%f', (k, n, low, high) => {
    const p = wilson(k, n);
    expect(p.rate).toBeCloseTo(k / n, 12);
    expect(p.low).toBeCloseTo(low, 4);
    expect(p.high).toBeCloseTo(high, 4);
  });

  it('is exact at the edges and symmetric', () => {
    expect(wilson(0, 5).low).toBe(0);
    expect(wilson(5, 5).high).toBe(1);
    const a = wilson(3, 10);
    const b = wilson(7, 10);
    expect(a.low).toBeCloseTo(1 - b.high, 12);
  });

  it('has no rate with no data, and refuses impossible counts', () => {
    expect(wilson(0, 0)).toEqual({ k: 0, n: 0, rate: null, low: 0, high: 1 });
    expect(() => wilson(3, 2)).toThrow(/between 0 and n \(2\)/);
    expect(() => wilson(1.5, 2)).toThrow(/integer/);
    expect(() => wilson(0, -1)).toThrow(/non-negative/);
  });

  it('formats in plain words', () => {
    expect(formatProportion(wilson(8, 10))).toBe('80% (49-94%, n=10)');
    expect(formatProportion(wilson(0, 0))).toBe('no data (n=0)');
  });
});
