/**
 * Fisher's exact test on a 2x2 table, two-sided, computed from the hypergeometric distribution with
 * log-factorials (exact for the table sizes Parley sees: repeats in the tens or hundreds).
 *
 *              pass   not pass
 *   run A        a       b
 *   run B        c       d
 *
 * Two-sided p = sum of the probabilities of every table with the same margins that is at most as
 * probable as the observed one (the convention of R's fisher.test and SciPy).
 */

const logFactCache: number[] = [0, 0];

/** ln(n!) for a non-negative integer n (summed and cached; exact to double precision). */
export function logFactorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`logFactorial: expected a non-negative integer, got ${n}`);
  for (let i = logFactCache.length; i <= n; i++) logFactCache[i] = logFactCache[i - 1] + Math.log(i);
  return logFactCache[n];
}

/** ln C(n, k). */
export function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return -Infinity;
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * Probability of a table whose top-left cell is `x`, given row sums r1, r2 and first column sum c1:
 * C(r1, x) * C(r2, c1 - x) / C(r1 + r2, c1).
 */
export function hypergeometricPmf(x: number, r1: number, r2: number, c1: number): number {
  return Math.exp(logChoose(r1, x) + logChoose(r2, c1 - x) - logChoose(r1 + r2, c1));
}

/** Two-sided Fisher exact p-value for [[a, b], [c, d]] (non-negative integer counts). */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  for (const [name, v] of [
    ['a', a],
    ['b', b],
    ['c', c],
    ['d', d],
  ] as const) {
    if (!Number.isInteger(v) || v < 0)
      throw new RangeError(`fisherExact: cell ${name} must be a non-negative integer, got ${v}`);
  }
  const r1 = a + b;
  const r2 = c + d;
  const c1 = a + c;
  const n = r1 + r2;
  if (n === 0 || r1 === 0 || r2 === 0 || c1 === 0 || c1 === n) return 1;
  const lo = Math.max(0, c1 - r2);
  const hi = Math.min(r1, c1);
  const observed = hypergeometricPmf(a, r1, r2, c1);
  // Relative tolerance so tables equal in probability but for rounding count as "as extreme".
  const limit = observed * (1 + 1e-7);
  let p = 0;
  for (let x = lo; x <= hi; x++) {
    const px = hypergeometricPmf(x, r1, r2, c1);
    if (px <= limit) p += px;
  }
  return Math.min(1, p);
}

export interface PassRateTest {
  passed_a: number;
  total_a: number;
  passed_b: number;
  total_b: number;
  pass_rate_a: number | null;
  pass_rate_b: number | null;
  /** Two-sided Fisher exact p-value; null when either side has no results. */
  p: number | null;
}

/** Pass rates of two sides and the Fisher p-value of their difference. */
export function comparePassRates(passedA: number, totalA: number, passedB: number, totalB: number): PassRateTest {
  const rate = (p: number, t: number) => (t > 0 ? p / t : null);
  return {
    passed_a: passedA,
    total_a: totalA,
    passed_b: passedB,
    total_b: totalB,
    pass_rate_a: rate(passedA, totalA),
    pass_rate_b: rate(passedB, totalB),
    p: totalA > 0 && totalB > 0 ? fisherExact(passedA, totalA - passedA, passedB, totalB - passedB) : null,
  };
}
