import { StatusBadge } from '../../../ui/common.js';
import type { LiveTest } from '../../../../src-shared/run/live.js';
import { endReasonText } from '../../../../src-shared/text/end-reason.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';

interface Row {
  end_reason: string;
  turns: number;
}

const SHOW = [
  ['all', 'All'],
  ['failures', 'Failures'],
  ['errors', 'Errors'],
  ['passed', 'Passed'],
] as const;

function keep(t: LiveTest, show: string): boolean {
  if (show === 'failures') return t.status === 'fail' || t.status === 'error';
  if (show === 'errors') return t.status === 'error';
  if (show === 'passed') return t.status === 'pass';
  return true;
}

/** One row per conversation (test x repeat), live while the run goes; a click opens the result. */
export function ResultsTable({
  tests,
  rows,
  selected,
  show,
  onShow,
  onSelect,
  pick,
  onCancelTest,
}: {
  tests: LiveTest[];
  rows: Map<string, Row>;
  selected: string | null;
  show: string;
  onShow: (v: string) => void;
  onSelect: (resultId: string) => void;
  /** A finished run: tests ticked for "Rerun selected" (by name). */
  pick?: { picked: ReadonlySet<string>; toggle(test: string): void };
  /** A run going on here: "Cancel test" on a running conversation (its test's conversations end as cancelled). */
  onCancelTest?: (test: string) => void;
}) {
  const repeated = new Set(tests.filter((t) => t.repeat > 0).map((t) => t.test_index));
  const shown = tests.filter((t) => keep(t, show));
  return (
    <section aria-label="Tests">
      <div className="table-head">
        <h3>Tests</h3>
        <div className="rn-segmented" role="group" aria-label="Show tests">
          {SHOW.map(([v, label]) => (
            <button
              key={v}
              type="button"
              aria-pressed={show === v}
              className={show === v ? 'on' : ''}
              onClick={() => onShow(v)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {!tests.length && <div className="muted small">No conversations yet.</div>}
      {tests.length > 0 && !shown.length && <div className="muted small">No tests match “{show}”.</div>}
      {shown.length > 0 && (
        <table className="results-table">
          <thead>
            <tr>
              {pick && <th aria-label="Rerun" />}
              <th>#</th>
              <th>Test</th>
              <th>Status</th>
              <th>End</th>
              <th className="num">Turns</th>
              <th className="num">Time</th>
              {onCancelTest && <th aria-label="Cancel" />}
            </tr>
          </thead>
          <tbody>
            {shown.map((t) => {
              const row = t.result_id ? rows.get(t.result_id) : undefined;
              const clickable = !!t.result_id;
              return (
                <tr
                  key={t.key}
                  data-testid={`test-row-${t.test_index}-${t.repeat}`}
                  className={`${clickable ? 'clickable' : ''} ${selected && selected === t.result_id ? 'selected' : ''}`}
                  onClick={clickable ? () => onSelect(t.result_id!) : undefined}
                  tabIndex={clickable ? 0 : undefined}
                  onKeyDown={
                    clickable
                      ? (e) => {
                          if (e.key === 'Enter') onSelect(t.result_id!);
                        }
                      : undefined
                  }
                >
                  {pick && (
                    <td onClick={(e) => e.stopPropagation()}>
                      <input
                        type="checkbox"
                        aria-label={`Select ${t.test}${repeated.has(t.test_index) ? ` (repeat ${t.repeat + 1})` : ''} to rerun`}
                        checked={pick.picked.has(t.test)}
                        onChange={() => pick.toggle(t.test)}
                      />
                    </td>
                  )}
                  <td className="muted">{t.test_index + 1}</td>
                  <td>
                    {t.test}
                    {repeated.has(t.test_index) && <span className="muted small"> · repeat {t.repeat + 1}</span>}
                  </td>
                  <td>
                    <StatusBadge status={t.status} />
                  </td>
                  <td>
                    {row
                      ? endReasonText(row.end_reason)
                      : t.status === 'running'
                        ? `${plural(t.transcript.length, 'turn')} so far`
                        : ''}
                  </td>
                  <td className="num">{row?.turns ?? ''}</td>
                  <td className="num">{t.duration_ms !== undefined ? formatDuration(t.duration_ms) : ''}</td>
                  {onCancelTest && (
                    <td>
                      {t.status === 'running' && (
                        <button
                          className="small danger"
                          title={`Stop every conversation of “${t.test}”: they end as cancelled, the rest of the run goes on`}
                          onClick={(e) => {
                            e.stopPropagation();
                            onCancelTest(t.test);
                          }}
                        >
                          Cancel test
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
