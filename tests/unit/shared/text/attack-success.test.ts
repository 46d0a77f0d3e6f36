import { describe, expect, it } from 'vitest';
import { attackChangeText, attackSideText } from '../../../../src-shared/text/attack-success.js';
import { wilson } from '../../../../src-shared/stats/index.js';

const side = (k: number, n: number) => {
  const p = wilson(k, n);
  return { attempts: n, successes: k, rate: p.rate, low: p.low, high: p.high };
};
const row = (a: ReturnType<typeof side> | null, b: ReturnType<typeof side> | null, p: number | null) => ({
  id: 'pii_leak',
  owasp: 'LLM02',
  label: 'Personal data leak',
  a,
  b,
  p,
});

describe('attack success in words', () => {
  it('a side: successes of attempts with the interval; a category one run did not attack', () => {
    expect(attackSideText(side(3, 3))).toBe('3 of 3 succeeded (44-100%)');
    expect(attackSideText(side(0, 0))).toBe('no finished attempt');
    expect(attackSideText(null)).toBe('not attacked');
  });

  it('a change says its direction and whether it is significant, never "fixed"', () => {
    expect(attackChangeText(row(side(3, 3), side(0, 3), 0.1))).toBe(
      'fewer successful attacks (p=0.1000, not significant at 0.05; more attempts would tell)',
    );
    expect(attackChangeText(row(side(0, 20), side(12, 20), 0.00005))).toBe(
      'more successful attacks (p=<0.0001, significant)',
    );
    expect(attackChangeText(row(side(1, 3), side(1, 3), 1))).toBe('the same (p=1.0000)');
    expect(attackChangeText(row(side(1, 3), null, null))).toBe('not comparable');
  });
});
