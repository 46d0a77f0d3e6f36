import type { Diagnosis } from '../../../src-shared/schemas/fix.js';
import { turnRef } from '../../../src-shared/text/turn-number.js';
import { FAULT_WORDS } from './fix-view.js';

/** The diagnoses of an iteration: root cause, and each fault (pick one to see it on the canvas and in the transcript). */
export function DiagnosisSection({
  diagnoses,
  picked,
  onPick,
}: {
  diagnoses: Diagnosis[];
  picked: { d: number; f: number };
  onPick: (p: { d: number; f: number }) => void;
}) {
  if (!diagnoses.length) return <p className="muted">No diagnosis yet.</p>;
  return (
    <div className="fix-diagnoses" data-testid="fix-diagnoses">
      {diagnoses.map((d, di) => (
        <article key={di} className="fix-diagnosis">
          <h4>
            {d.subject.kind === 'group' ? `Problem “${d.subject.group}”: ` : ''}
            {d.subject.tests.join(', ')}
          </h4>
          <p data-testid="root-cause">
            <strong>Root cause:</strong> {d.root_cause || 'the model gave none'}
          </p>
          <ol className="fix-faults">
            {d.faults.map((f, fi) => {
              const on = picked.d === di && picked.f === fi;
              return (
                <li key={fi}>
                  <button
                    type="button"
                    className={`fix-fault${on ? ' is-picked' : ''}`}
                    aria-pressed={on}
                    data-testid="fault"
                    onClick={() => onPick({ d: di, f: fi })}
                  >
                    <span className={`badge fix-loc fix-loc--${f.location}`}>{FAULT_WORDS[f.location]}</span>{' '}
                    {f.node_id && <code>{f.node_id}</code>}
                    {f.transition_id && (
                      <>
                        {' '}
                        → <code>{f.transition_id}</code>
                      </>
                    )}
                    {f.quote && <q className="fix-quote">{f.quote}</q>}
                    {f.explanation && <span className="small">{f.explanation}</span>}
                    {f.turns.length > 0 && (
                      <span className="muted small">
                        turn{f.turns.length > 1 ? 's' : ''} {f.turns.map(turnRef).join(', ')}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ol>
          {!d.faults.length && <p className="muted small">The model named no fault.</p>}
          <p className="muted small">
            {d.model} read {d.subject.result_ids.length} conversation{d.subject.result_ids.length === 1 ? '' : 's'} (
            {d.failed_results} failed in the run)
          </p>
        </article>
      ))}
    </div>
  );
}
