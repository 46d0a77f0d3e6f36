/**
 * GBNF rules for bounded numbers (llama.cpp grammars have no numeric ranges). Integer ranges are
 * split into digit patterns the way `to-regex-range` does: [13, 247] -> 1[3-9] | [2-9][0-9] |
 * 1[0-9][0-9] | 2[0-3][0-9] | 24[0-7].
 */

function countNines(min: number, len: number): number {
  const s = String(min);
  return Number(s.slice(0, Math.max(0, s.length - len)) + '9'.repeat(len));
}

function countZeros(n: number, zeros: number): number {
  return n - (n % 10 ** zeros);
}

function splitToRanges(min: number, max: number): number[] {
  const stops = new Set<number>([max]);
  let nines = 1;
  let stop = countNines(min, nines);
  while (min <= stop && stop <= max) {
    stops.add(stop);
    nines++;
    stop = countNines(min, nines);
  }
  let zeros = 1;
  stop = countZeros(max + 1, zeros) - 1;
  while (min < stop && stop <= max) {
    stops.add(stop);
    zeros++;
    stop = countZeros(max + 1, zeros) - 1;
  }
  return [...stops].sort((a, b) => a - b);
}

/** One pattern for [start, stop] of equal digit count. */
function rangeToPattern(start: number, stop: number): string {
  const a = String(start);
  const b = String(stop);
  const parts: string[] = [];
  let anyDigits = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) parts.push(`"${a[i]}"`);
    else if (a[i] === '0' && b[i] === '9') anyDigits++;
    else parts.push(`[${a[i]}-${b[i]}]`);
  }
  if (anyDigits) parts.push(anyDigits === 1 ? '[0-9]' : `[0-9]{${anyDigits}}`);
  return parts.join(' ');
}

/** Alternatives matching exactly the non-negative integers in [lo, hi] (no leading zeros). */
export function uintRangePatterns(lo: number, hi: number): string[] {
  if (lo > hi) return [];
  const out: string[] = [];
  let start = lo;
  for (const stop of splitToRanges(lo, hi)) {
    out.push(rangeToPattern(start, stop));
    start = stop + 1;
  }
  return out;
}

/** GBNF (parenthesised) for the integers in [lo, hi]; both bounds integers, any sign. */
export function intRangeRule(lo: number, hi: number): string {
  const alts: string[] = [];
  if (hi >= 0) alts.push(...uintRangePatterns(Math.max(0, lo), hi));
  if (lo < 0) {
    const negHi = -lo;
    const negLo = Math.max(1, -hi);
    if (negLo <= negHi) alts.push(...uintRangePatterns(negLo, negHi).map((p) => `"-" ${p}`));
  }
  return `( ${alts.join(' | ')} )`;
}

/**
 * GBNF for a decimal number in [lo, hi] with integer bounds and 0 <= lo < hi: an integer part in
 * [lo, hi-1] with an optional fraction (up to 6 digits), or exactly hi.
 */
export function numberRangeRule(lo: number, hi: number): string {
  return `( ${intRangeRule(lo, hi - 1)} ( "." [0-9]{1,6} )? | "${hi}" )`;
}
