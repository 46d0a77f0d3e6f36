import { Z_95, Z_POWER_80 } from './normal.js';
import { wilson } from './wilson.js';

/**
 * The difference of two independent proportions p1 - p2 (k1 of n1 against k2 of n2) with its 95%
 * interval by Newcombe's hybrid score method (Newcombe 1998, "Interval estimation for the difference
 * between independent proportions", method 10): built from each proportion's Wilson interval, so it
 * stays inside [-1, 1] and behaves at 0 and at n in the tens, where the Wald interval does not.
 */
export interface Difference {
  /** p1 - p2; null when either side has no data. */
  diff: number | null;
  low: number;
  high: number;
}

export function differenceOfProportions(k1: number, n1: number, k2: number, n2: number, z: number = Z_95): Difference {
  const a = wilson(k1, n1, z);
  const b = wilson(k2, n2, z);
  if (a.rate === null || b.rate === null) return { diff: null, low: -1, high: 1 };
  const d = a.rate - b.rate;
  const low = d - Math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2);
  const high = d + Math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2);
  return { diff: d, low: Math.max(-1, low), high: Math.min(1, high) };
}

/**
 * How many conversations per run are needed to tell two pass rates p1 and p2 apart with a two-sided
 * 5% test and 80% power (normal approximation, unpooled variance: Chow, Shao & Wang, "Sample Size
 * Calculations in Clinical Research", 2nd ed., section 4.2):
 *   n = (z_{α/2} + z_β)^2 · (p1(1-p1) + p2(1-p2)) / (p1 - p2)^2, rounded up.
 * null when the rates are equal (no number of repeats shows a difference of zero).
 */
export function repeatsNeeded(p1: number, p2: number): number | null {
  const d = p1 - p2;
  if (Math.abs(d) < 1e-9) return null;
  const variance = p1 * (1 - p1) + p2 * (1 - p2);
  // two rates of exactly 0 and 1: any single conversation shows it; never claim fewer than 1
  const n = ((Z_95 + Z_POWER_80) ** 2 * variance) / (d * d);
  return Math.max(1, Math.ceil(n - 1e-9));
}

/**
 * A plain-words hint for a compare: whether the observed difference is already clear (its interval
 * excludes 0) and otherwise how many conversations per run would show a difference of this size.
 */
export function differenceHint(k1: number, n1: number, k2: number, n2: number): string {
  const d = differenceOfProportions(k1, n1, k2, n2);
  if (d.diff === null) return 'no data to compare';
  const pts = Math.round(Math.abs(d.diff) * 100);
  if (pts === 0) return 'no difference observed';
  if (d.low > 0 || d.high < 0) return `a ${pts}-point difference, clear at this sample size (${n1} vs ${n2})`;
  const need = repeatsNeeded(k1 / n1, k2 / n2);
  const have = Math.min(n1, n2);
  return `a ${pts}-point difference could be chance: about ${need} conversations per run would show a difference this size (you have ${have})`;
}
