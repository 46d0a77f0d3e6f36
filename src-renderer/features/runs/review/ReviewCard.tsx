import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Result } from '../../../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { ErrorBox } from '../../../ui/common.js';
import { AgreementPanel } from './AgreementPanel.js';
import { LabelsFileButtons } from './LabelsFileButtons.js';
import {
  filterItems,
  nextKey,
  REVIEW_FILTERS,
  reviewItems,
  type ReviewFilter,
  type ReviewItem,
} from './review-queue.js';
import { useReviewerName } from './reviewer-name.js';

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

/** Rows of the queue drawn at once, and how many of them come before the current one. */
const WINDOW = 200;
const WINDOW_BEFORE = 50;

const verdict = (passed: boolean) => (passed ? 'pass' : 'fail');

/**
 * "Review verdicts": a keyboard-driven queue of the run's metric verdicts (next unreviewed failure
 * first), where a reviewer marks the judge right or wrong or sets the human verdict and a note; and
 * how far each judge agrees with the reviewers.
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
  const labels = useApi('labels.list', { run_id: runId });
  const [reviewer, setReviewer] = useReviewerName(labels.data?.reviewer);
  const set = useApiMutation('labels.set', ['labels.list', 'labels.agreement']);
  const clear = useApiMutation('labels.clear', ['labels.list', 'labels.agreement']);
  const items = useMemo(() => reviewItems(results, labels.data?.labels ?? []), [results, labels.data]);
  const [filter, setFilter] = useState<ReviewFilter | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const queueRef = useRef<HTMLDivElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);

  // the first filter: the unreviewed failures when there are any, else every unreviewed verdict
  useEffect(() => {
    if (filter === null && labels.data)
      setFilter(items.some((i) => !i.label && !i.judge_passed) ? 'unreviewed-failures' : 'unreviewed');
  }, [filter, labels.data, items]);
  useEffect(() => {
    if (note !== null) noteRef.current?.focus();
  }, [note]);

  // keep the current verdict in view as the keys move through a long queue
  useEffect(() => {
    queueRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  });

  if (!items.length || !labels.data) return null;
  const list = filterItems(items, filter ?? 'unreviewed');
  const current = list.find((i) => i.key === cursor) ?? list[0] ?? null;
  // a window of the queue around the current verdict (a long run has thousands)
  const from = Math.max(0, (current ? list.indexOf(current) : 0) - WINDOW_BEFORE);
  const shown = list.slice(from, from + WINDOW);
  const reviewed = items.filter((i) => i.label).length;
  const repeated = items.some((i) => i.repeat > 0);

  const move = (d: number) => {
    if (!current) return;
    const i = list.indexOf(current);
    const to = list[Math.min(list.length - 1, Math.max(0, i + d))];
    if (to) setCursor(to.key);
  };
  const needName = () => {
    if (reviewer.trim()) return false;
    setProblem('Enter your name as reviewer first: labels carry the reviewer’s name.');
    nameRef.current?.focus();
    return true;
  };
  const label = (item: ReviewItem, patch: { human_passed: boolean } | { judge: 'right' | 'wrong' }, advance = true) => {
    if (needName()) return;
    setProblem(null);
    const next = advance ? nextKey(list, item.key) : item.key;
    set.mutate(
      { result_id: item.result_id, criterion: item.criterion, reviewer: reviewer.trim(), ...patch },
      { onSuccess: () => setCursor(next) },
    );
  };
  const saveNote = (item: ReviewItem, text: string) => {
    if (!item.label) {
      setProblem('Set a verdict first (y, n, p or f), then add a note.');
      return;
    }
    if (needName()) return;
    const l = item.label;
    set.mutate(
      {
        result_id: item.result_id,
        criterion: item.criterion,
        reviewer: reviewer.trim(),
        note: text,
        ...(l.marked ? { judge: l.marked } : { human_passed: l.human_passed }),
      },
      {
        onSuccess: () => {
          setNote(null);
          queueRef.current?.focus();
        },
      },
    );
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey || !current) return;
    const actions: Record<string, () => void> = {
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      y: () => label(current, { judge: 'right' }),
      n: () => label(current, { judge: 'wrong' }),
      p: () => label(current, { human_passed: true }),
      f: () => label(current, { human_passed: false }),
      Enter: () => (current.label ? setNote(current.label.note) : saveNote(current, '')),
      u: () => clear.mutate({ result_id: current.result_id, criterion: current.criterion }),
      o: () => onOpenResult(current.result_id),
    };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  };

  return (
    <section className="card review" data-testid="review" aria-label="Review verdicts">
      <h3>Review verdicts</h3>
      <div className="review-bar">
        <label>
          Reviewer{' '}
          <input
            ref={nameRef}
            value={reviewer}
            onChange={(e) => setReviewer(e.target.value)}
            placeholder="your name"
            aria-label="Reviewer name"
          />
        </label>
        <label>
          Show{' '}
          <select
            value={filter ?? 'unreviewed'}
            onChange={(e) => {
              setFilter(e.target.value as ReviewFilter);
              setCursor(null);
            }}
            aria-label="Show"
          >
            {Object.entries(REVIEW_FILTERS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small" data-testid="review-progress">
          {reviewed} of {items.length} verdicts reviewed
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
      {problem && (
        <div className="warning" role="alert">
          {problem}
        </div>
      )}
      <ErrorBox error={set.error ?? clear.error} />
      <div
        ref={queueRef}
        className="review-queue"
        tabIndex={0}
        role="listbox"
        aria-label="Review queue"
        aria-activedescendant={current ? `review-${current.key.replace(/\W/g, '_')}` : undefined}
        data-testid="review-queue"
        onKeyDown={onKey}
      >
        {!list.length && (
          <div className="muted small" role="status">
            Nothing to review here
            {filter === 'unreviewed-failures' ? ': every failure has a label. Show “Unreviewed” for the rest.' : '.'}
          </div>
        )}
        {from > 0 && <div className="muted small">… {from} before</div>}
        {shown.map((i) => (
          <div
            key={i.key}
            id={`review-${i.key.replace(/\W/g, '_')}`}
            role="option"
            aria-selected={i === current}
            className={`review-item${i === current ? ' current' : ''}`}
            data-testid="review-item"
            onClick={() => setCursor(i.key)}
          >
            <span className={`badge status-${verdict(i.judge_passed)}`} title="the judge's verdict">
              judge {verdict(i.judge_passed)} {i.score.toFixed(2)}
            </span>{' '}
            <strong>{i.test}</strong>
            {repeated && <span className="muted"> · repeat {i.repeat + 1}</span>} · {i.criterion}{' '}
            {i.label ? (
              <span
                className={`badge ${i.label.human_passed === i.judge_passed ? 'status-pass' : 'status-fail'}`}
                data-testid="review-label"
              >
                human {verdict(i.label.human_passed)}
                {i.label.human_passed === i.judge_passed ? ' · judge right' : ' · judge wrong'}
              </span>
            ) : (
              <span className="muted small">unreviewed</span>
            )}
          </div>
        ))}
        {from + shown.length < list.length && (
          <div className="muted small">… {list.length - from - shown.length} more</div>
        )}
      </div>
      {current && (
        <div className="review-current" data-testid="review-current">
          <div className="small reasoning">
            <span className="muted">Judge’s reasoning: </span>
            {current.reasoning || '(none given)'}
          </div>
          {current.label?.note && note === null && (
            <div className="small" data-testid="review-note">
              <span className="muted">Note ({current.label.reviewer}): </span>
              {current.label.note}
            </div>
          )}
          {note !== null && (
            <input
              ref={noteRef}
              className="review-note-input"
              aria-label="Note"
              value={note}
              placeholder="Note (Enter saves, Escape cancels)"
              onChange={(e) => setNote(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') saveNote(current, note);
                if (e.key === 'Escape') {
                  setNote(null);
                  queueRef.current?.focus();
                }
              }}
            />
          )}
          <div className="review-actions">
            <button onClick={() => label(current, { judge: 'right' })}>Judge right (y)</button>
            <button onClick={() => label(current, { judge: 'wrong' })}>Judge wrong (n)</button>
            <button onClick={() => label(current, { human_passed: true })}>Pass (p)</button>
            <button onClick={() => label(current, { human_passed: false })}>Fail (f)</button>
            <button onClick={() => (current.label ? setNote(current.label.note) : saveNote(current, ''))}>
              Note (Enter)
            </button>
            <button onClick={() => onOpenResult(current.result_id)}>Open conversation (o)</button>
          </div>
        </div>
      )}
      <AgreementPanel runId={runId} />
    </section>
  );
}
