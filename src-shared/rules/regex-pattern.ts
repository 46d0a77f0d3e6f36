/**
 * How a rule's regular expression is written: `/source/flags`, a leading `(?i)` for case-insensitive,
 * or a plain (case-sensitive) source. `g` and `y` are dropped (a rule asks "does it match", once).
 * The one reading of a pattern, used by the engine's regex runner and the suite editor's checks.
 */
export function parsePattern(pattern: string): { source: string; flags: string } {
  const lit = /^\/(.+)\/([dgimsuvy]*)$/s.exec(pattern);
  if (lit) return { source: lit[1], flags: lit[2].replace(/[gy]/g, '') };
  if (pattern.startsWith('(?i)')) return { source: pattern.slice(4), flags: 'i' };
  return { source: pattern, flags: '' };
}

/** A pattern as messages show it, written once as `/source/flags`: "/MS-\d{4}/" stays as it is (never "//MS-\d{4}//"). */
export function patternText(pattern: string): string {
  const { source, flags } = parsePattern(pattern);
  return `/${source}/${flags}`;
}
