import { useEffect } from 'react';
import type { JobInfo } from '../../../src-shared/contract/jobs.js';
import { JobProgress } from '../../ui/jobs/JobProgress.js';
import { useJob } from '../../ui/jobs/use-job.js';

/** The fix's running job with the shared progress display; `onEnd` once it ended. */
export function FixJobProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: JobInfo) => void }) {
  const { job, running, cancel } = useJob(jobId);
  const ended = job && job.status !== 'running' ? job : null;
  useEffect(() => {
    if (ended) onEnd(ended);
    // onEnd is the caller's: called once per ended job
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended?.status]);
  if (!running) return null;
  return (
    <div className="fix-job" data-testid="fix-job">
      <JobProgress job={job} onCancel={cancel} />
    </div>
  );
}
