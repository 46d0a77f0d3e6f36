import { Z_95 } from './normal.js';

/**
 * A proportion with its 95% Wilson score interval (Wilson 1927; Newcombe 1998, method 3): `k` of `n`.
 * The Wilson interval stays inside [0, 1] and is honest for small n and for rates near 0 or 1,
 * where the textbook p ± 1.96·SE interval collapses to a point (0 of 5 is not "0%, certainly").
 * With n = 0 there is no rate: `rate` is null and the interval is the whole [0, 1].
 */
export interface Proportion {
  k: number;
  n: number;
  rate: number | null;
  low: number;
  high: number;
}

export function wilson(k: number, n: number, z: number = Z_95): Proportion {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`wilson: n must be a non-negative integer, got ${n}`);
  if (!Number.isInteger(k) || k < 0 || k > n)
    throw new RangeError(`wilson: k must be an integer between 0 and n (${n}), got ${k}`);
  if (n === 0) return { k, n, rate: null, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  // exact bounds at the edges (floating point would give 1e-17 instead of 0)
  const low = k === 0 ? 0 : (centre - spread) / denom;
  const high = k === n ? 1 : (centre + spread) / denom;
  return { k, n, rate: p, low, high };
}

const pct = (x: number) => Math.round(x * 100);

/** "80% (56-94%, n=10)": a rate in plain words with its interval; "no data" when n = 0. */
export function formatProportion(p: Proportion): string {
  if (p.rate === null) return 'no data (n=0)';
  return `${pct(p.rate)}% (${pct(p.low)}-${pct(p.high)}%, n=${p.n})`;
}

/** "56-94%": the interval alone. */
export const formatInterval = (p: Proportion): string => (p.rate === null ? '-' : `${pct(p.low)}-${pct(p.high)}%`);
