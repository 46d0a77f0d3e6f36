import { useEffect, useState } from 'react';
import type { LiveCounts } from '../../../../src-shared/run/live.js';
import { etaMs, fmtEta } from './run-eta.js';

/**
 * A run's progress: the bar holds only finished conversations (coloured pass / fail / error), so it always
 * agrees with its text; the conversations in progress are counted beside it, not drawn as done.
 */
export function RunProgress({
  counts,
  active,
  startedAt,
  step,
}: {
  counts: LiveCounts;
  active: boolean;
  startedAt?: string | null;
  /** What a running conversation is doing when it is slow (speech: "greeting: turn 3, recognising the caller"). */
  step?: string;
}) {
  const total = counts.total;
  const pct = total ? Math.round((counts.done / total) * 100) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  const started = startedAt ? Date.parse(startedAt) : NaN;
  const eta = active && Number.isFinite(started) ? etaMs(started, now, counts.done, total) : null;
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
        </div>
        <span className="progress-text">
          {counts.done}
          {total !== null ? ` of ${total}` : ''} conversations done{pct !== null ? ` · ${pct}%` : ''}
          {counts.running ? ` · ${counts.running} running` : ''}
          {eta !== null && <span data-testid="run-eta"> · {fmtEta(eta)}</span>}
        </span>
      </div>
      {step && (
        <div className="muted small" data-testid="run-step">
          {step}
        </div>
      )}
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
