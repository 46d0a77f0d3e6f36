import type { Result } from '../../../../src-shared/schemas/index.js';
import { ErrorBox } from '../../../ui/common.js';
import { AgreementPanel } from './AgreementPanel.js';
import { LabelsFileButtons } from './LabelsFileButtons.js';
import { REVIEW_FILTERS, type ReviewFilter } from './review-queue.js';
import { ReviewCurrent, ReviewQueueList } from './ReviewQueueList.js';
import { useReviewQueue } from './use-review-queue.js';

const KEYS: [string, string][] = [
  ['j / ↓', 'next'],
  ['k / ↑', 'previous'],
  ['y', 'judge right'],
  ['n', 'judge wrong'],
  ['p', 'human pass'],
  ['f', 'human fail'],
  ['Enter', 'note'],
  ['u', 'remove label'],
  ['o', 'open the conversation'],
];

/**
 * "Review verdicts": a keyboard-driven queue of the run's metric verdicts (next unreviewed failure
 * first), where a reviewer marks the judge right or wrong or sets the human verdict and a note; and
 * how far each judge agrees with the reviewers. State and keys: use-review-queue.ts.
 */
export function ReviewCard({
  runId,
  results,
  onOpenResult,
}: {
  runId: string;
  results: Result[];
  onOpenResult: (id: string) => void;
}) {
  const q = useReviewQueue(runId, results, onOpenResult);
  if (!q.ready) return null;
  const reviewed = q.items.filter((i) => i.label).length;
  return (
    <section className="card review" data-testid="review" aria-label="Review verdicts">
      <h3>Review verdicts</h3>
      <div className="review-bar">
        <label>
          Reviewer{' '}
          <input
            ref={q.refs.name}
            value={q.reviewer}
            onChange={(e) => q.setReviewer(e.target.value)}
            placeholder="your name"
            aria-label="Reviewer name"
          />
        </label>
        <label>
          Show{' '}
          <select value={q.filter} onChange={(e) => q.setFilter(e.target.value as ReviewFilter)} aria-label="Show">
            {Object.entries(REVIEW_FILTERS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small" data-testid="review-progress">
          {reviewed} of {q.items.length} verdicts reviewed
        </span>
        <LabelsFileButtons runId={runId} />
      </div>
      <p className="muted small review-keys" data-testid="review-keys">
        Click the queue (or Tab to it), then:{' '}
        {KEYS.map(([k, what]) => (
          <span key={k}>
            <kbd>{k}</kbd> {what}{' '}
          </span>
        ))}
      </p>
      {q.problem && (
        <div className="warning" role="alert" data-testid="review-problem">
          {q.problem}
        </div>
      )}
      <ErrorBox error={q.error} />
      <ReviewQueueList q={q} />
      {q.current && <ReviewCurrent q={q} item={q.current} />}
      <AgreementPanel runId={runId} />
    </section>
  );
}
