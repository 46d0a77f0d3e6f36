import type { JobInfo } from '../../../src-shared/contract/index.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { errorText } from '../widgets.js';
import './jobs.css';

/** "3 of 10 conversations · about 12 s left" (the bar and this text come from the same numbers). */
export function jobProgressText(job: Pick<JobInfo, 'progress' | 'status'>): string {
  const { done, total, unit, eta_ms } = job.progress;
  const n = (x: number) => (unit === 'bytes' ? formatBytes(x) : x.toLocaleString('en-US'));
  const what = unit === 'bytes' ? '' : ` ${unit}`;
  const count = total !== null ? `${n(done)} of ${n(total)}${what}` : `${n(done)}${what}`;
  const eta = job.status === 'running' && eta_ms ? ` · about ${formatDuration(eta_ms)} left` : '';
  return `${count}${eta}`;
}

const ENDED: Record<Exclude<JobInfo['status'], 'running'>, string> = {
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted (the app stopped before it finished)',
};

/**
 * The one progress display of every long job: a bar filled by done/total, the same numbers in words with
 * the time left, what the work is doing now, and Cancel while it runs.
 */
export function JobProgress({
  job,
  onCancel,
  label,
}: {
  job: JobInfo | null;
  onCancel?: () => void;
  /** Shown before the counts (default: the job's title). */
  label?: string;
}) {
  if (!job)
    return (
      <div className="job-progress" role="status" aria-live="polite">
        Starting…
      </div>
    );
  const { done, total } = job.progress;
  const running = job.status === 'running';
  const fraction = total ? Math.min(1, done / total) : 0;
  return (
    <div className={`job-progress job-${job.status}`} role="status" aria-live="polite" data-job={job.id}>
      <div className="job-progress-line">
        <span className="job-progress-label">{label ?? job.title}</span>
        <span className="job-progress-count">
          {job.status === 'running' ? jobProgressText(job) : `${ENDED[job.status]} · ${jobProgressText(job)}`}
        </span>
        {running && onCancel && (
          <button type="button" onClick={onCancel} data-testid="job-cancel">
            Cancel
          </button>
        )}
      </div>
      <progress
        max={total ?? 1}
        value={total ? done : undefined}
        aria-label={`${label ?? job.title}: ${jobProgressText(job)}`}
        data-fraction={fraction.toFixed(3)}
      />
      {running && job.progress.note && <div className="job-progress-note">{job.progress.note}</div>}
      {job.error && !running && <div className="job-progress-error">{errorText(job.error)}</div>}
    </div>
  );
}
