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

/** The evidence split around the leaked words (case-insensitive), for a <mark>; the whole text marked when not found. */
export function highlightParts(text: string, leaked: string): { text: string; mark: boolean }[] {
  const at = leaked ? text.toLowerCase().indexOf(leaked.toLowerCase()) : -1;
  if (at < 0) return [{ text: leaked || text, mark: true }];
  return [
    { text: text.slice(0, at), mark: false },
    { text: text.slice(at, at + leaked.length), mark: true },
    { text: text.slice(at + leaked.length), mark: false },
  ].filter((p) => p.text);
}
