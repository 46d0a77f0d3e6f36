import { describe, expect, it } from 'vitest';
import { meanInterval } from '../../../../src-shared/stats/index.js';

describe('meanInterval', () => {
  it('is the mean ± 1.96 s/√n', () => {
    const m = meanInterval([2, 4, 4, 4, 5, 5, 7, 9], [0, 10])!;
    const s = Math.sqrt(32 / 7);
    expect(m.mean).toBe(5);
    expect(m.low).toBeCloseTo(5 - (1.959963984540054 * s) / Math.sqrt(8), 12);
    expect(m.high).toBeCloseTo(5 + (1.959963984540054 * s) / Math.sqrt(8), 12);
  });
  it('stays inside the scores’ bounds and needs two values', () => {
    const m = meanInterval([0, 1])!;
    expect([m.low, m.high]).toEqual([0, 1]);
    expect(meanInterval([0.5])).toBeNull();
    const flat = meanInterval([0.8, 0.8, 0.8])!;
    expect(flat.high - flat.low).toBeCloseTo(0, 12);
  });
});
