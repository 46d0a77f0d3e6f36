import { useEffect, useState } from 'react';
import type { JobInfo } from '../../../src-shared/contract/jobs.js';
import { api } from '../../api/client.js';
import { useAppEvents } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';

type JobView = Omit<JobInfo, 'result'>;

/**
 * The progress of one job (jobs.get, then `job.progress` events) with Cancel. Kept in this one small
 * component until the shared job hook and progress component land in src-renderer/ui/.
 */
export function FixJobProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: JobView) => void }) {
  const [job, setJob] = useState<JobView | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    api.call('jobs.get', { id: jobId }).then(
      (j) => live && setJob((cur) => cur ?? j),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [jobId]);
  useAppEvents((e) => {
    if (e.type === 'job.progress' && e.job.id === jobId) setJob(e.job);
  });
  useEffect(() => {
    if (job && job.status !== 'running') onEnd(job);
    // onEnd is the caller's: called once per ended job
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.status]);
  if (error) return <ErrorBox error={error} />;
  if (!job || job.status !== 'running') return null;
  const { done, total, unit } = job.progress;
  return (
    <div className="fix-job" role="status" data-testid="fix-job">
      <span className="fix-job__title">{job.title}…</span>
      <progress max={total ?? undefined} value={total ? done : undefined} aria-label={job.title} />
      <span className="muted small">
        {done}
        {total ? ` of ${total}` : ''} {unit}
      </span>
      <button className="ghost small" onClick={() => void api.call('jobs.cancel', { id: jobId })}>
        Cancel
      </button>
    </div>
  );
}
