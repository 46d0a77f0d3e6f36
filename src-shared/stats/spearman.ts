/**
 * Spearman's rank correlation: Pearson's correlation of the ranks, ties given their average rank
 * (the definition that stays right with ties; the 1 - 6Σd²/(n(n²-1)) shortcut does not).
 * null when undefined: fewer than 2 pairs, or one side is constant.
 */

/** Ranks 1..n, ties sharing the average of the ranks they span. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((v, i) => [v, i] as const).sort((p, q) => p[0] - q[0]);
  const ranks = new Array<number>(xs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    const avg = (i + j) / 2 + 1;
    for (let t = i; t <= j; t++) ranks[order[t][1]] = avg;
    i = j + 1;
  }
  return ranks;
}

export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n !== ys.length) throw new RangeError(`pearson: ${n} values against ${ys.length}`);
  if (n < 2) return null;
  const mx = xs.reduce((s, v) => s + v, 0) / n;
  const my = ys.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new RangeError(`spearman: ${xs.length} values against ${ys.length}`);
  return pearson(averageRanks(xs), averageRanks(ys));
}
