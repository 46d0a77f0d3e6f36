/**
 * Time left in a run, from its pace so far: elapsed / done x remaining (the concurrency is in the
 * pace already). Null until one conversation finished, or when the total is unknown.
 */
export function etaMs(startedAt: number, now: number, done: number, total: number | null): number | null {
  if (total === null || done < 1 || done >= total || now <= startedAt) return null;
  return ((now - startedAt) / done) * (total - done);
}

/** "about 40 s left", "about 3 min left", "about 1 h 20 min left". */
export function fmtEta(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `about ${Math.max(5, Math.round(s / 5) * 5)} s left`;
  const m = Math.round(s / 60);
  if (m < 60) return `about ${m} min left`;
  return `about ${Math.floor(m / 60)} h ${m % 60} min left`;
}
