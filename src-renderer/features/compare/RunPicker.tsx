import { useApi } from '../../api/hooks.js';
import { fmtDate } from '../../ui/common.js';
import type { Run } from '../../../src-shared/schemas/run.js';
import { roleModelLabel } from '../../ui/models-label.js';
import { runLetter } from './run-letters.js';

const runLabel = (r: Run) =>
  `${fmtDate(r.created_at)} · ${r.agent_name || r.agent_id} · ${r.suite_name || r.kind} · ${roleModelLabel(r.models.agent)} · ${r.summary.passed}/${r.summary.total} passed${r.status !== 'completed' ? ` (${r.status})` : ''}`;

/** Choose the baseline run (A), the run to compare (B) and, for an N-way view, more runs. */
export function RunPicker({
  selected,
  onChange,
  pendingB,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  /** A run chosen as B before any baseline (opened from that run's page). */
  pendingB?: string | null;
}) {
  const runs = useApi('runs.list', { limit: 300, offset: 0 });
  const list = runs.data ?? [];
  const known = new Set(list.map((r) => r.id));
  const baseline = list.find((r) => r.id === (selected[0] ?? pendingB));
  // Runs of the same suite as the baseline first: comparing them is what makes sense.
  const ordered = baseline
    ? [
        ...list.filter((r) => r.suite_name === baseline.suite_name),
        ...list.filter((r) => r.suite_name !== baseline.suite_name),
      ]
    : list;
  const slots =
    pendingB && !selected.length
      ? ['', pendingB]
      : selected.length < 2
        ? [...selected, ...Array(2 - selected.length).fill('')]
        : selected;
  const setAt = (i: number, id: string) => {
    const next = [...slots];
    if (id) next[i] = id;
    else next.splice(i, 1);
    onChange(next.filter(Boolean));
  };
  if (runs.data && list.length < 2) return null;
  return (
    <div className="run-picker card" aria-label="Runs to compare">
      {slots.map((id, i) => (
        <div key={i} className="cmp-picker-row">
          <label>
            <span className="slot">
              {i === 0 ? 'Baseline (A)' : i === 1 ? 'Compare with (B)' : `Run ${runLetter(i)}`}
            </span>
            <select
              aria-label={i === 0 ? 'Baseline run' : i === 1 ? 'Run to compare' : `Run ${i + 1}`}
              value={id}
              onChange={(e) => setAt(i, e.target.value)}
            >
              <option value="">{i < 2 ? 'Choose a run…' : 'Remove this run'}</option>
              {id && !known.has(id) && <option value={id}>{id} (not found)</option>}
              {ordered.map((r) => (
                <option key={r.id} value={r.id} disabled={r.id !== id && selected.includes(r.id)}>
                  {runLabel(r)}
                </option>
              ))}
            </select>
          </label>
          {i >= 2 && (
            <button type="button" className="ghost" aria-label={`Remove run ${i + 1}`} onClick={() => setAt(i, '')}>
              ✕
            </button>
          )}
        </div>
      ))}
      <div className="cmp-picker-actions">
        {selected.length >= 2 && selected.length < list.length && (
          <button
            type="button"
            onClick={() => {
              const next = ordered.find((r) => !selected.includes(r.id));
              if (next) onChange([...selected, next.id]);
            }}
          >
            + Add a run (N-way)
          </button>
        )}
        {selected.length >= 2 && (
          <button
            type="button"
            className="ghost"
            onClick={() => onChange([selected[1], selected[0], ...selected.slice(2)])}
          >
            Swap A and B
          </button>
        )}
      </div>
    </div>
  );
}
