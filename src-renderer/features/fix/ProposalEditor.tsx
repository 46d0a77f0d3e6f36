import type { FixIteration } from '../../../src-shared/schemas/fix.js';
import { editLabel } from '../../../src-shared/text/fix-edit.js';
import type { EditDraft } from './fix-view.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/model.js';
import { ModelFitness } from '../../ui/ModelFitness.js';
import { confidenceText, droppedSummary } from './proposal-text.js';

/**
 * The proposal: each edit with the current text, the proposed one and why. While it waits to be
 * applied every proposed text can be edited and any edit left out; after, the applied edits show.
 */
export function ProposalEditor({
  it,
  draft,
  editable,
  onDraft,
  judge,
}: {
  it: FixIteration;
  /** The model that diagnosed and proposed: its readiness caution shows beside its confidence. */
  judge?: ModelSpecInput;
  draft: EditDraft[];
  editable: boolean;
  onDraft: (d: EditDraft[]) => void;
}) {
  const p = it.proposal;
  if (!p) return <p className="muted">No proposal yet.</p>;
  const rows: EditDraft[] = editable ? draft : (it.applied ?? p.edits).map((edit) => ({ edit, keep: true }));
  const set = (i: number, patch: Partial<EditDraft>) =>
    onDraft(draft.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <div className="fix-proposal" data-testid="fix-proposal">
      <p>
        {p.summary && <span>{p.summary} </span>}
        <span className="muted small">
          {confidenceText(p.confidence)} · {p.model}
        </span>
      </p>
      {judge && <ModelFitness role="judge" spec={judge} cautionOnly />}
      {rows.length === 0 && <p className="muted">The model proposed no edit that fits the agent.</p>}
      {rows.map((d, i) => (
        <fieldset key={i} className={`fix-edit${d.keep ? '' : ' is-left-out'}`} data-testid="fix-edit">
          <legend>
            {editable && (
              <input
                type="checkbox"
                checked={d.keep}
                aria-label={`Apply: ${editLabel(d.edit)}`}
                onChange={(e) => set(i, { keep: e.target.checked })}
              />
            )}{' '}
            {editLabel(d.edit)}
          </legend>
          {d.edit.original && (
            <div className="fix-edit__old">
              <span className="muted small">Now</span>
              <pre>{d.edit.original}</pre>
            </div>
          )}
          <label className="fix-edit__new">
            <span className="muted small">Proposed</span>
            {editable ? (
              <textarea
                value={d.edit.proposed}
                rows={Math.min(12, Math.max(3, d.edit.proposed.split('\n').length + 1))}
                disabled={!d.keep}
                onChange={(e) => set(i, { edit: { ...d.edit, proposed: e.target.value } })}
              />
            ) : (
              <pre>{d.edit.proposed}</pre>
            )}
          </label>
          {d.edit.rationale && <p className="small">Why: {d.edit.rationale}</p>}
        </fieldset>
      ))}
      {p.dropped.length > 0 && (
        <details className="small" open data-testid="fix-dropped">
          <summary>{droppedSummary(p.dropped.length)}</summary>
          <ul>
            {p.dropped.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ul>
        </details>
      )}
      {it.invalid && (
        <div className="error-box" role="alert">
          The graph check refused these edits, so no version was stored:
          <ul>
            {it.invalid.map((x, i) => (
              <li key={i}>
                <code>{x.path}</code>: {x.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
