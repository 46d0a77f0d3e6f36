import { describe, expect, it } from 'vitest';
import { cohensKappa, kappaText, kappaWords, MIN_KAPPA_LABELS } from '../../../../src-shared/stats/index.js';

const pairs = (agree: number, disagree: number) => [
  ...Array.from({ length: agree }, (_, i) => [i % 2 === 0, i % 2 === 0] as const),
  ...Array.from({ length: disagree }, (_, i) => [i % 2 === 0, i % 2 !== 0] as const),
];

describe('kappaText', () => {
  it('says "not enough labels" under 10 labels instead of a kappa and its words', () => {
    const one = cohensKappa([[true, true]]);
    expect(kappaText(one)).toBe('not enough labels (1 of 10)');
    expect(kappaText(cohensKappa(pairs(3, 1)))).toBe('not enough labels (4 of 10)');
    expect(MIN_KAPPA_LABELS).toBe(10);
  });
  it('gives the kappa, its 95% interval and its words from 10 labels on', () => {
    const k = cohensKappa(pairs(16, 4));
    const [v, lo, hi] = [k.kappa!, k.low!, k.high!].map((x) => x.toFixed(2));
    expect(v).toBe('0.60');
    expect(kappaText(k)).toBe(`${v} (${lo} to ${hi}) ${kappaWords(k.kappa)}`);
    expect(kappaText(k, { wordsInside: true })).toBe(`${v} (${lo} to ${hi}, ${kappaWords(k.kappa)})`);
  });
  it('says undefined when both raters gave one label only', () => {
    const same = cohensKappa(Array.from({ length: 12 }, () => [true, true] as const));
    expect(kappaText(same)).toBe('undefined (one label only)');
  });
});
