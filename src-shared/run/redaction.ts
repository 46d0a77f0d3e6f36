import type { RunRedaction } from '../schemas/run.js';

/** One line saying whether an imported run's personal data was redacted, with the counts by kind. */
export function redactionLine(r: RunRedaction): string {
  if (!r.applied) return 'Personal data: NOT redacted (originals kept; import with --redact to replace them)';
  const parts = Object.entries(r.replaced)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`);
  return `Personal data: redacted before storing (${parts.length ? parts.join(', ') : 'nothing found'})`;
}
