import type { LiveCounts } from '../../../src-shared/run-live.js';

/** Progress bar and queued / running / done counts, with pass / fail / error so far. */
export function RunProgress({ counts, active }: { counts: LiveCounts; active: boolean }) {
  const total = counts.total;
  const pct = total ? Math.round((counts.done / total) * 100) : null;
  return (
    <div className="run-progress card" data-testid="run-progress">
      <div className="progress-line">
        <div
          className={`run-progress-bar ${pct === null && active ? 'indeterminate' : ''}`}
          role="progressbar"
          aria-label="Run progress"
          aria-valuemin={0}
          aria-valuemax={total ?? undefined}
          aria-valuenow={counts.done}
        >
          <span className="seg pass" style={{ width: total ? `${(counts.pass / total) * 100}%` : 0 }} />
          <span className="seg fail" style={{ width: total ? `${(counts.fail / total) * 100}%` : 0 }} />
          <span className="seg error" style={{ width: total ? `${(counts.error / total) * 100}%` : 0 }} />
          <span className="seg running" style={{ width: total ? `${(counts.running / total) * 100}%` : 0 }} />
        </div>
        <span className="progress-text">
          {counts.done}
          {total !== null ? ` / ${total}` : ''} done{pct !== null ? ` · ${pct}%` : ''}
        </span>
      </div>
      <div className="progress-counts">
        <span>
          <strong data-testid="count-queued">{counts.queued ?? '—'}</strong> {active ? 'queued' : 'not run'}
        </span>
        <span>
          <strong data-testid="count-running">{counts.running}</strong> running
        </span>
        <span>
          <strong data-testid="count-done">{counts.done}</strong> done
        </span>
        <span className="c-pass">
          <strong>{counts.pass}</strong> passed
        </span>
        <span className="c-fail">
          <strong>{counts.fail}</strong> failed
        </span>
        <span className="c-error">
          <strong>{counts.error}</strong> errors
        </span>
      </div>
    </div>
  );
}
