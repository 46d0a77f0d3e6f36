import { useState } from 'react';
import type { MetricResult, Result } from '../../../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { ErrorBox } from '../../../ui/common.js';
import { useReviewerName } from '../review/reviewer-name.js';

/** On a result's metric: the human label (judge right / wrong, or the human pass / fail) with a note. */
export function MetricLabel({ result, metric }: { result: Result; metric: MetricResult }) {
  const labels = useApi('labels.list', { run_id: result.run_id });
  const [reviewer, setReviewer] = useReviewerName(labels.data?.reviewer);
  const set = useApiMutation('labels.set', ['labels.list', 'labels.agreement']);
  const clear = useApiMutation('labels.clear', ['labels.list', 'labels.agreement']);
  const label = labels.data?.labels.find((l) => l.result_id === result.id && l.criterion === metric.criterion);
  const [note, setNote] = useState<string | null>(null);
  const [askName, setAskName] = useState(false);
  if (!labels.data) return null;
  const send = (patch: { human_passed: boolean } | { judge: 'right' | 'wrong' }, withNote?: string) => {
    if (!reviewer.trim()) return setAskName(true);
    set.mutate(
      {
        result_id: result.id,
        criterion: metric.criterion,
        reviewer: reviewer.trim(),
        ...patch,
        ...(withNote !== undefined ? { note: withNote } : {}),
      },
      { onSuccess: () => setNote(null) },
    );
  };
  const keep = () => (label ? (label.marked ? { judge: label.marked } : { human_passed: label.human_passed }) : null);
  return (
    <div className="metric-label small" data-testid="metric-label">
      <span className="muted">Human: </span>
      {label ? (
        <strong>
          {label.human_passed ? 'pass' : 'fail'} ({label.human_passed === metric.passed ? 'judge right' : 'judge wrong'}
          , {label.reviewer})
        </strong>
      ) : (
        <span className="muted">not reviewed</span>
      )}{' '}
      <button
        className="small"
        onClick={() => send({ judge: 'right' })}
        aria-pressed={label?.human_passed === metric.passed}
      >
        Judge right
      </button>
      <button
        className="small"
        onClick={() => send({ judge: 'wrong' })}
        aria-pressed={!!label && label.human_passed !== metric.passed}
      >
        Judge wrong
      </button>
      <button className="small" onClick={() => send({ human_passed: true })}>
        Pass
      </button>
      <button className="small" onClick={() => send({ human_passed: false })}>
        Fail
      </button>
      {label && (
        <>
          <button className="small" onClick={() => setNote(label.note)}>
            Note…
          </button>
          <button className="small" onClick={() => clear.mutate({ result_id: result.id, criterion: metric.criterion })}>
            Remove label
          </button>
        </>
      )}
      {label?.note && note === null && <div className="muted">Note: {label.note}</div>}
      {note !== null && label && (
        <div>
          <input
            aria-label="Note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && send(keep()!, note)}
          />{' '}
          <button className="small" onClick={() => send(keep()!, note)}>
            Save note
          </button>
        </div>
      )}
      {askName && !reviewer.trim() && (
        <div role="alert">
          Reviewer name:{' '}
          <input aria-label="Reviewer name" value={reviewer} onChange={(e) => setReviewer(e.target.value)} autoFocus />
        </div>
      )}
      <ErrorBox error={set.error ?? clear.error} />
    </div>
  );
}
