import type { ReviewItem } from './review-queue.js';
import type { ReviewQueue } from './use-review-queue.js';

const verdict = (passed: boolean) => (passed ? 'pass' : 'fail');
const rowId = (key: string) => `review-${key.replace(/\W/g, '_')}`;

/** The queue itself: a listbox the keys move through (a window of it for a long run). */
export function ReviewQueueList({ q }: { q: ReviewQueue }) {
  const repeated = q.items.some((i) => i.repeat > 0);
  return (
    <div
      ref={q.refs.queue}
      className="review-queue"
      tabIndex={0}
      role="listbox"
      aria-label="Review queue"
      aria-activedescendant={q.current ? rowId(q.current.key) : undefined}
      data-testid="review-queue"
      onKeyDown={q.onQueueKey}
    >
      {!q.list.length && (
        <div className="muted small" role="status">
          Nothing to review here
          {q.filter === 'unreviewed-failures' ? ': every failure has a label. Show “Unreviewed” for the rest.' : '.'}
        </div>
      )}
      {q.from > 0 && <div className="muted small">… {q.from} before</div>}
      {q.shown.map((i) => (
        <div
          key={i.key}
          id={rowId(i.key)}
          role="option"
          aria-selected={i === q.current}
          className={`review-item${i === q.current ? ' current' : ''}`}
          data-testid="review-item"
          onClick={() => q.setCursor(i.key)}
        >
          <span className={`badge status-${verdict(i.judge_passed)}`} title="the judge's verdict">
            judge {verdict(i.judge_passed)} {i.score.toFixed(2)}
          </span>{' '}
          <strong>{i.test}</strong>
          {repeated && <span className="muted"> · repeat {i.repeat + 1}</span>} · {i.criterion}{' '}
          <LabelBadge item={i} kept={q.kept?.key === i.key} />
        </div>
      ))}
      {q.from + q.shown.length < q.list.length && (
        <div className="muted small">… {q.list.length - q.from - q.shown.length} more</div>
      )}
    </div>
  );
}

function LabelBadge({ item, kept }: { item: ReviewItem; kept: boolean }) {
  if (!item.label) return <span className="muted small">{kept ? 'unreviewed · note kept' : 'unreviewed'}</span>;
  const agrees = item.label.human_passed === item.judge_passed;
  return (
    <span className={`badge ${agrees ? 'status-pass' : 'status-fail'}`} data-testid="review-label">
      human {verdict(item.label.human_passed)}
      {agrees ? ' · judge right' : ' · judge wrong'}
    </span>
  );
}

/** The current verdict: the judge's reasoning, the note (or the field to type one) and the buttons. */
export function ReviewCurrent({ q, item }: { q: ReviewQueue; item: ReviewItem }) {
  const keptNote = q.kept?.key === item.key ? q.kept.text : null;
  return (
    <div className="review-current" data-testid="review-current">
      <div className="small reasoning">
        <span className="muted">Judge’s reasoning: </span>
        {item.reasoning || '(none given)'}
      </div>
      {q.note === null && (item.label?.note || keptNote) && (
        <div className="small" data-testid="review-note">
          <span className="muted">
            {keptNote !== null ? 'Note (saved with the verdict): ' : `Note (${item.label!.reviewer}): `}
          </span>
          {keptNote ?? item.label!.note}
        </div>
      )}
      {q.note !== null && (
        <input
          ref={q.refs.note}
          className="review-note-input"
          aria-label="Note"
          value={q.note}
          placeholder="Note (Enter saves, Escape cancels)"
          onChange={(e) => q.setNote(e.target.value)}
          onKeyDown={(e) => {
            // a note is text: its keys never reach the queue's shortcuts
            e.stopPropagation();
            if (e.key === 'Enter') {
              e.preventDefault();
              q.saveNote(item, q.note ?? '');
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              q.closeNote();
            }
          }}
        />
      )}
      <div className="review-actions">
        <button onClick={() => q.act(item, 'right')}>Judge right (y)</button>
        <button onClick={() => q.act(item, 'wrong')}>Judge wrong (n)</button>
        <button onClick={() => q.act(item, 'pass')}>Pass (p)</button>
        <button onClick={() => q.act(item, 'fail')}>Fail (f)</button>
        <button onClick={() => q.act(item, 'note')}>Note (Enter)</button>
        <button onClick={() => q.act(item, 'open')}>Open conversation (o)</button>
      </div>
    </div>
  );
}
