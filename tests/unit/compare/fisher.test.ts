import { describe, expect, it } from 'vitest';
import { comparePassRates, fisherExact, hypergeometricPmf, logFactorial } from '../../../src-main/compare/fisher.js';

/** Independent exact reference: integer binomials with BigInt, exact comparison of table probabilities. */
function binom(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}
function fisherBig(a: number, b: number, c: number, d: number): number {
  const r1 = a + b,
    r2 = c + d,
    c1 = a + c,
    n = r1 + r2;
  const num = (x: number) => binom(r1, x) * binom(r2, c1 - x);
  const obs = num(a);
  let sum = 0n;
  for (let x = Math.max(0, c1 - r2); x <= Math.min(r1, c1); x++) if (num(x) <= obs) sum += num(x);
  const den = binom(n, c1);
  return Number((sum * 10n ** 18n) / den) / 1e18;
}

describe('fisherExact', () => {
  it('lady tasting tea: 3 of 4 right is p = 34/70 = 0.4857', () => {
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(34 / 70, 12);
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(0.4857, 4);
  });

  it('all 4 of 4 right: p = 2/70 (two-sided)', () => {
    expect(fisherExact(4, 0, 0, 4)).toBeCloseTo(2 / 70, 12);
  });

  it('10/10 vs 0/10: p = 2 / C(20,10)', () => {
    expect(fisherExact(10, 0, 0, 10)).toBeCloseTo(2 / 184756, 15);
  });

  it('Wikipedia studying example [[1,9],[11,3]] two-sided p = 0.002759', () => {
    expect(fisherExact(1, 9, 11, 3)).toBeCloseTo(0.002759, 6);
    expect(fisherExact(1, 9, 11, 3)).toBeCloseTo(fisherBig(1, 9, 11, 3), 12);
  });

  it('matches the exact BigInt reference on every table with up to 12 per row', () => {
    let checked = 0;
    for (let r1 = 1; r1 <= 12; r1++)
      for (let r2 = 1; r2 <= 12; r2 += 3)
        for (let a = 0; a <= r1; a++)
          for (let c = 0; c <= r2; c += 2) {
            const p = fisherExact(a, r1 - a, c, r2 - c);
            expect(Math.abs(p - fisherBig(a, r1 - a, c, r2 - c))).toBeLessThan(1e-10);
            checked++;
          }
    expect(checked).toBeGreaterThan(300);
  });

  it('matches the reference on larger repeat counts (100 vs 100)', () => {
    for (const [a, c] of [
      [95, 80],
      [50, 50],
      [60, 45],
      [99, 1],
    ]) {
      expect(fisherExact(a, 100 - a, c, 100 - c)).toBeCloseTo(fisherBig(a, 100 - a, c, 100 - c), 10);
    }
  });

  it('is symmetric in rows and columns, and 1 for equal rates or empty margins', () => {
    expect(fisherExact(7, 3, 2, 8)).toBeCloseTo(fisherExact(2, 8, 7, 3), 12);
    expect(fisherExact(7, 3, 2, 8)).toBeCloseTo(fisherExact(3, 7, 8, 2), 12);
    expect(fisherExact(5, 5, 5, 5)).toBe(1);
    expect(fisherExact(0, 0, 3, 2)).toBe(1);
    expect(fisherExact(5, 0, 5, 0)).toBe(1);
  });

  it('rejects non-integer or negative cells', () => {
    expect(() => fisherExact(-1, 2, 3, 4)).toThrow(/cell a/);
    expect(() => fisherExact(1, 2.5, 3, 4)).toThrow(/cell b/);
  });

  it('hypergeometric probabilities of all tables with given margins sum to 1', () => {
    let s = 0;
    for (let x = 0; x <= 6; x++) s += hypergeometricPmf(x, 6, 9, 7);
    expect(s).toBeCloseTo(1, 12);
    expect(logFactorial(10)).toBeCloseTo(Math.log(3628800), 10);
  });

  it('comparePassRates reports both rates and the p-value', () => {
    const t = comparePassRates(9, 10, 2, 10);
    expect(t.pass_rate_a).toBe(0.9);
    expect(t.pass_rate_b).toBe(0.2);
    expect(t.p).toBeCloseTo(fisherBig(9, 1, 2, 8), 12);
    expect(t.p!).toBeLessThan(0.05);
    expect(comparePassRates(0, 0, 1, 1).p).toBeNull();
  });
});
