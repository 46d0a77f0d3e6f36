import type { Run } from '../../../../src-shared/schemas/run.js';

/**
 * The Compare page address for "Compare…" on a run: the run is B (the one being judged) and the
 * baseline A is the run it was started from ("Run again", "Run on another model"), else the latest
 * earlier finished run of the same suite and agent (else of the same suite); with none, the page opens
 * with B chosen and A to pick.
 */
export function compareAsB(run: Run, candidates: Run[]): string {
  if (run.source_run_id) return `/compare?runs=${run.source_run_id},${run.id}`;
  const earlier = candidates
    .filter((c) => c.id !== run.id && c.suite_id === run.suite_id && c.status !== 'running' && c.status !== 'queued')
    .filter((c) => c.created_at <= run.created_at)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  const base = earlier.find((c) => c.agent_id === run.agent_id) ?? earlier[0];
  return base ? `/compare?runs=${base.id},${run.id}` : `/compare?b=${run.id}`;
}
