/**
 * Timestamps as people read them: relative for the last day ("5 min ago", "3 h ago"), the locale's
 * short form otherwise ("24 Nov, 14:05"; the year only when it is not this year). `now` and `locale`
 * are parameters so the rules can be tested.
 */
export function shortDate(iso: string, now: number = Date.now(), locale?: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  const ago = now - t;
  if (ago >= 0 && ago < 45_000) return 'just now';
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  if (ago >= 0 && ago < 3_600_000) return rel.format(-Math.round(ago / 60_000), 'minute');
  if (ago >= 0 && ago < 12 * 3_600_000) return rel.format(-Math.round(ago / 3_600_000), 'hour');
  const d = new Date(t);
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleString(locale, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The full timestamp, for a tooltip. */
export const fullDate = (iso: string, locale?: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'medium' });
