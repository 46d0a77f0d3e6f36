import { describe, expect, it } from 'vitest';
import { averageRanks, cohensKappa, kappaWords, spearman } from '../../../../src-shared/stats/index.js';

const repeat = <T>(x: T, n: number): T[] => Array.from({ length: n }, () => x);

describe('cohensKappa', () => {
  // Wikipedia, "Cohen's kappa", first worked example: 50 grant proposals read by A and B;
  // both yes 20, A yes B no 5, A no B yes 10, both no 15 -> po = 0.7, pe = 0.5, kappa = 0.4.
  it('gives the worked example of the Wikipedia article', () => {
    const pairs = [
      ...repeat(['yes', 'yes'] as const, 20),
      ...repeat(['yes', 'no'] as const, 5),
      ...repeat(['no', 'yes'] as const, 10),
      ...repeat(['no', 'no'] as const, 15),
    ];
    const k = cohensKappa(pairs);
    expect(k.n).toBe(50);
    expect(k.po).toBeCloseTo(0.7, 12);
    expect(k.pe).toBeCloseTo(0.5, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
    // SE = sqrt(0.7 * 0.3 / (50 * 0.25)) = 0.129615; 0.4 ± 1.96 * SE (hand-computed)
    expect(k.low).toBeCloseTo(0.4 - 1.959963984540054 * Math.sqrt(0.21 / 12.5), 10);
    expect(kappaWords(k.kappa)).toBe('fair');
  });

  // Wikipedia, second example: 45/15/25/15 -> kappa = 0.1304 ("similar po, different pe").
  it('gives the Wikipedia article second example', () => {
    const pairs = [
      ...repeat([1, 1] as const, 45),
      ...repeat([1, 0] as const, 15),
      ...repeat([0, 1] as const, 25),
      ...repeat([0, 0] as const, 15),
    ];
    expect(cohensKappa(pairs).kappa).toBeCloseTo(0.1304, 4);
  });

  it('is 1 for perfect agreement and undefined when both raters only ever say one thing', () => {
    expect(
      cohensKappa([
        [true, true],
        [false, false],
      ] as const).kappa,
    ).toBe(1);
    const one = cohensKappa([
      [true, true],
      [true, true],
    ] as const);
    expect(one.kappa).toBeNull();
    expect(kappaWords(one.kappa)).toMatch(/undefined/);
    expect(cohensKappa([]).kappa).toBeNull();
  });
});

describe('spearman', () => {
  // Wikipedia, "Spearman's rank correlation coefficient", example: IQ against hours of TV per week,
  // sum of d^2 = 194, rho = 1 - 6*194/(10*99) = -29/165 = -0.175757...
  it('gives the Wikipedia IQ / TV example', () => {
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    expect(spearman(iq, tv)).toBeCloseTo(-29 / 165, 12);
  });

  it('averages tied ranks', () => {
    expect(averageRanks([0.5, 0.9, 0.5, 0.1])).toEqual([2.5, 4, 2.5, 1]);
    // identical ordering with ties on both sides is a perfect correlation
    expect(spearman([1, 1, 2, 3], [0.2, 0.2, 0.5, 0.9])).toBeCloseTo(1, 12);
  });

  it('is undefined for a constant side or fewer than 2 pairs', () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearman([1], [1])).toBeNull();
    expect(() => spearman([1, 2], [1])).toThrow(/2 values against 1/);
  });
});
