import { describe, expect, it } from 'vitest';
import {
  intRangeRule,
  numberRangeRule,
  uintRangePatterns,
} from '../../../src-main/providers/llama-cpp/number-range.js';

/** Turns our GBNF fragments (literals, classes, {n}, groups, |, ?) into a JS regex. */
function gbnfToRegex(rule: string): RegExp {
  const src = rule
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_, lit: string) => lit.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .replace(/\s+/g, '');
  return new RegExp(`^(?:${src})$`);
}

describe('number range grammar rules', () => {
  it('integer patterns match exactly the range (exhaustive on several ranges)', () => {
    for (const [lo, hi] of [
      [0, 9],
      [0, 10],
      [1, 5],
      [13, 247],
      [0, 1000],
      [99, 101],
      [7, 7],
      [-15, 12],
      [-300, -20],
    ] as const) {
      const re = gbnfToRegex(intRangeRule(lo, hi));
      for (let v = lo - 50; v <= hi + 50; v++)
        expect(re.test(String(v)), `${v} in [${lo}, ${hi}]`).toBe(v >= lo && v <= hi);
      expect(re.test(`0${Math.max(lo, 1)}`)).toBe(false); // no leading zeros
    }
  });

  it('splits like to-regex-range', () => {
    expect(uintRangePatterns(13, 247)).toEqual([
      '"1" [3-9]',
      '[2-9] [0-9]',
      '"1" [0-9]{2}',
      '"2" [0-3] [0-9]',
      '"2" "4" [0-7]',
    ]);
  });

  it('decimal rule allows fractions below the top and the top exactly', () => {
    const re = gbnfToRegex(numberRangeRule(0, 1));
    for (const ok of ['0', '0.5', '0.123456', '1']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['1.5', '2', '-0.1', '0.1234567', '01']) expect(re.test(bad), bad).toBe(false);
    const re2 = gbnfToRegex(numberRangeRule(2, 10));
    for (const ok of ['2', '9.99', '10', '5.0']) expect(re2.test(ok), ok).toBe(true);
    for (const bad of ['1.9', '10.5', '11']) expect(re2.test(bad), bad).toBe(false);
  });
});
