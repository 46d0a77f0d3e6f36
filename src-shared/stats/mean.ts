import { Z_95 } from './normal.js';

/**
 * The mean of bounded scores with its 95% interval: mean ± z·s/√n (normal approximation, s the sample
 * standard deviation), clamped to [lo, hi] (scores are 0 to 1). Null under two values: one score has no
 * spread to measure. Approximate for small n, which the n printed beside it says.
 */
export interface MeanInterval {
  n: number;
  mean: number;
  low: number;
  high: number;
}

export function meanInterval(xs: readonly number[], bounds: [number, number] = [0, 1], z = Z_95): MeanInterval | null {
  const n = xs.length;
  if (n < 2) return null;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  const half = z * Math.sqrt(variance / n);
  return { n, mean, low: Math.max(bounds[0], mean - half), high: Math.min(bounds[1], mean + half) };
}
