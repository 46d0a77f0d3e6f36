import { Link, useLocation } from 'wouter';
import type { Run } from '../../../../src-shared/schemas/run.js';
import { runPassRate } from '../../../../src-shared/run/report.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';
import { fmtDate, StatusBadge } from '../../../ui/common.js';
import { fullDate } from '../../../ui/dates.js';
import { DemoBadge } from '../../../ui/DemoBadge.js';
import { SpeechLabel } from '../../../ui/SpeechLabel.js';
import { runModelLabels } from '../../../ui/models-label.js';
import { fmtPct } from '../../../ui/run-stats.js';

function Counts({ run }: { run: Run }) {
  const s = run.summary;
  return (
    <>
      <span className="counts" aria-label={`${s.passed} passed, ${s.failed} failed, ${s.errored} errors`}>
        <span className={s.passed ? 'c-pass' : 'zero'} title="passed">
          {s.passed} ✓
        </span>
        <span className={s.failed ? 'c-fail' : 'zero'} title="failed">
          {s.failed} ✗
        </span>
        <span className={s.errored ? 'c-error' : 'zero'} title="errors">
          {s.errored} !
        </span>
      </span>
      <PassRate run={run} />
    </>
  );
}

/** The pass rate with its 95% interval, small, under the counts. */
function PassRate({ run }: { run: Run }) {
  const p = runPassRate(run);
  if (p.rate === null) return null;
  const pct = (x: number) => Math.round(x * 100);
  return (
    <div className="muted small pass-rate" title="pass rate (95% Wilson interval)">
      {fmtPct(p.rate)} ({pct(p.low)}–{pct(p.high)}%)
    </div>
  );
}

const duration = (r: Run) =>
  r.started_at && r.finished_at
    ? formatDuration(Date.parse(r.finished_at) - Date.parse(r.started_at))
    : r.status === 'running'
      ? 'running…'
      : '—';

/** The runs, newest first: a row opens its run (click, or Tab to its link and Enter); checkboxes pick runs to compare. */
export function RunsTable({
  runs,
  selected,
  onToggle,
}: {
  runs: Run[];
  selected: string[];
  onToggle(id: string): void;
}) {
  const [, navigate] = useLocation();
  return (
    <div className="table-scroll">
      <table className="runs-table">
        <thead>
          <tr>
            <th aria-label="Select for comparison" />
            <th>Started</th>
            <th>Agent</th>
            <th>Suite</th>
            <th>Models</th>
            <th>Status</th>
            <th>Results</th>
            <th className="num">Time</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr
              key={r.id}
              className="clickable"
              data-testid={`run-row-${r.id}`}
              tabIndex={0}
              aria-label={`Run of ${r.agent_name || r.agent_id}, ${r.suite_name || r.kind}, ${r.status}${r.demo ? ', demo' : ''}`}
              onClick={() => navigate(`/runs/${r.id}`)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) navigate(`/runs/${r.id}`);
              }}
            >
              <td onClick={(e) => e.stopPropagation()}>
                <input
                  type="checkbox"
                  aria-label={`Select run ${r.id} for comparison`}
                  checked={selected.includes(r.id)}
                  onChange={() => onToggle(r.id)}
                />
              </td>
              <td title={`${fullDate(r.created_at)} · ${r.id}`} className="nowrap">
                {/* The row's keyboard way in: Tab reaches the link, Enter opens the run. */}
                <Link href={`/runs/${r.id}`} className="row-link" onClick={(e) => e.stopPropagation()}>
                  {fmtDate(r.created_at)}
                </Link>
              </td>
              <td>
                {r.agent_name || r.agent_id}
                {r.kind !== 'simulated' && <span className="muted small"> · {r.kind}</span>}
              </td>
              <td>{r.suite_name || '—'}</td>
              <td className="models-cell">
                {runModelLabels(r).map((m) => (
                  <div key={m.role}>
                    <span className="muted small">{m.role}</span> {m.label}
                  </div>
                ))}
              </td>
              <td>
                <StatusBadge status={r.status} />
                {r.demo && <DemoBadge />}
                <SpeechLabel speech={r.options.speech} />
              </td>
              <td className="nowrap">
                <Counts run={r} />
              </td>
              <td className="num nowrap">{duration(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
