const distance = (a: number[], b: number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - b[i]) ** 2;
  return Math.sqrt(s);
};

/**
 * The mean silhouette of a grouping (Rousseeuw 1987): for each point, (b - a) / max(a, b) with `a` its mean
 * distance to its own group and `b` to the nearest other group; 0 for a point alone in its group. From -1 to 1:
 * higher is a clearer grouping. The stated criterion for choosing how many groups.
 */
export function meanSilhouette(points: number[][], labels: number[]): number {
  const groups = [...new Set(labels)];
  if (groups.length < 2) return 0;
  let total = 0;
  for (let i = 0; i < points.length; i++) {
    const sums = new Map<number, { sum: number; n: number }>();
    for (let j = 0; j < points.length; j++) {
      if (i === j) continue;
      const g = sums.get(labels[j]) ?? { sum: 0, n: 0 };
      g.sum += distance(points[i], points[j]);
      g.n += 1;
      sums.set(labels[j], g);
    }
    const own = sums.get(labels[i]);
    if (!own) continue; // alone in its group
    const a = own.sum / own.n;
    const b = Math.min(...[...sums].filter(([g]) => g !== labels[i]).map(([, s]) => s.sum / s.n));
    total += Math.max(a, b) > 0 ? (b - a) / Math.max(a, b) : 0;
  }
  return total / points.length;
}
