import { Z_95 } from './normal.js';

/**
 * Cohen's kappa (Cohen 1960) for two raters over the same items with categorical labels: the
 * agreement beyond what the raters' own label frequencies would give by chance,
 * kappa = (po - pe) / (1 - pe). 1 = perfect, 0 = chance, negative = worse than chance.
 *
 * The interval uses the large-sample standard error sqrt(po(1 - po) / (n (1 - pe)^2)) (Cohen 1960,
 * eq. 9): approximate, and wide for small n, which is the point of showing it.
 */
export interface Kappa {
  n: number;
  /** Observed agreement. */
  po: number;
  /** Agreement expected by chance from the marginals. */
  pe: number;
  /** null when undefined: no items, or both raters always gave the same single label (pe = 1). */
  kappa: number | null;
  low: number | null;
  high: number | null;
}

export function cohensKappa<L>(pairs: ReadonlyArray<readonly [L, L]>, z: number = Z_95): Kappa {
  const n = pairs.length;
  if (!n) return { n, po: 0, pe: 0, kappa: null, low: null, high: null };
  const a = new Map<L, number>();
  const b = new Map<L, number>();
  let agree = 0;
  for (const [x, y] of pairs) {
    if (x === y) agree++;
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [label, ca] of a) pe += (ca / n) * ((b.get(label) ?? 0) / n);
  if (1 - pe < 1e-12) return { n, po, pe, kappa: null, low: null, high: null };
  const kappa = (po - pe) / (1 - pe);
  const se = Math.sqrt((po * (1 - po)) / (n * (1 - pe) * (1 - pe)));
  return { n, po, pe, kappa, low: Math.max(-1, kappa - z * se), high: Math.min(1, kappa + z * se) };
}

/** Landis & Koch (1977) words for a kappa: how a team would say it. */
export function kappaWords(k: number | null): string {
  if (k === null) return 'undefined (one label only)';
  if (k < 0) return 'worse than chance';
  if (k <= 0.2) return 'slight';
  if (k <= 0.4) return 'fair';
  if (k <= 0.6) return 'moderate';
  if (k <= 0.8) return 'substantial';
  return 'almost perfect';
}

/** Below this many labelled pairs a kappa is not shown: its interval spans most of [-1, 1] and its words mislead. */
export const MIN_KAPPA_LABELS = 10;

/**
 * A kappa as a team reads it: "0.62 (0.41 to 0.83) substantial"; "not enough labels (4 of 10)" under
 * MIN_KAPPA_LABELS pairs; "undefined (one label only)" when it has no value. `sep` joins the interval
 * and the words (the CLI prints "(0.41 to 0.83, substantial)").
 */
export function kappaText(
  k: Pick<Kappa, 'kappa' | 'low' | 'high'> & { n: number },
  o: { wordsInside?: boolean } = {},
): string {
  if (k.n < MIN_KAPPA_LABELS) return `not enough labels (${k.n} of ${MIN_KAPPA_LABELS})`;
  if (k.kappa === null || k.low === null || k.high === null) return kappaWords(null);
  const f = (x: number) => x.toFixed(2);
  return o.wordsInside
    ? `${f(k.kappa)} (${f(k.low)} to ${f(k.high)}, ${kappaWords(k.kappa)})`
    : `${f(k.kappa)} (${f(k.low)} to ${f(k.high)}) ${kappaWords(k.kappa)}`;
}
