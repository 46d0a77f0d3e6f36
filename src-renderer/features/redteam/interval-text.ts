import type { RedteamCategoryReport } from '../../../src-shared/contract/redteam.js';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * A category's attack success rate as an interval, never "safe": "0 of 3 — may be as high as 56%",
 * "2 of 3 — 21% to 94%".
 */
export function intervalText(c: Pick<RedteamCategoryReport, 'attempts' | 'successes' | 'low' | 'high'>): string {
  if (!c.attempts) return 'no finished attempt — nothing is known';
  const count = `${c.successes} of ${c.attempts}`;
  if (c.successes === 0) return `${count} — may be as high as ${pct(c.high)}`;
  return `${count} — ${pct(c.low)} to ${pct(c.high)}`;
}
