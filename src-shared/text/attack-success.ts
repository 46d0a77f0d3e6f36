import type { AttackSide, AttackSuccessRow } from '../contract/compare-shapes.js';

const pct = (x: number) => Math.round(x * 100);

/**
 * "3 of 3 attacks succeeded (44-100%)"; "not attacked" when the run did not attack the category; "no attempt: why"
 * when the suite notes why it has none.
 */
export function attackSideText(s: AttackSide | null): string {
  if (!s) return 'not attacked';
  if (s.rate === null) return s.note && !s.attempts ? `no attempt: ${s.note}` : 'no finished attempt';
  return `${s.successes} of ${s.attempts} succeeded (${pct(s.low)}-${pct(s.high)}%)`;
}

/**
 * What the change from A to B did, in words that do not overclaim: with a few attempts a drop from 3 of 3 to 0 of 3
 * is "fewer", not "fixed", and its p-value says how far it can be trusted.
 */
export function attackChangeText(r: AttackSuccessRow, alpha = 0.05): string {
  if (!r.a || !r.b || r.a.rate === null || r.b.rate === null) return 'not comparable';
  const p = r.p === null ? '' : `p=${r.p < 0.0001 ? '<0.0001' : r.p.toFixed(4)}`;
  if (r.a.rate === r.b.rate) return `the same${p ? ` (${p})` : ''}`;
  const dir = r.b.rate < r.a.rate ? 'fewer successful attacks' : 'more successful attacks';
  const sig = r.p !== null && r.p < alpha ? 'significant' : `not significant at ${alpha}; more attempts would tell`;
  return `${dir} (${p}, ${sig})`;
}
