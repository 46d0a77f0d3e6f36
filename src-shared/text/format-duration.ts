/**
 * How long something took, as a person reads it: "340 ms", "12.5 s", "1 min 5 s", "2 h 3 min".
 * Rounds once, on the unit shown, so 119.6 s is "2 min", never "1 min 60 s". Null, undefined,
 * NaN and negative values are `empty`. The one duration text of the app and the CLI.
 */
export function formatDuration(ms: number | null | undefined, empty = '—'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return empty;
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  // below a minute: tenths of a second (rounding up to 60.0 s moves to minutes)
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) {
    const m = Math.floor(seconds / 60);
    const s = seconds % 60;
    return s ? `${m} min ${s} s` : `${m} min`;
  }
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
