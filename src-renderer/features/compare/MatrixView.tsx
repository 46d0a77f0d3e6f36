import type { CompareMatrix, MatrixCell } from '../../../src-shared/contract/runs.js';
import { fmtDate, StatusBadge } from '../../ui/common.js';
import { fmtInt, fmtPct } from '../../ui/run-stats.js';
import { DemoBadge } from '../../ui/DemoBadge.js';
import { RunConfigView } from './RunConfigView.js';
import { runLetter } from './run-letters.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { groupedSpread } from '../../../src-shared/run/config-phrases.js';
import { FitnessCautions } from '../../ui/ModelFitness.js';
import { SpeechLabel } from '../../ui/SpeechLabel.js';

function Cell({ c }: { c: MatrixCell | null }) {
  if (!c) return <td className="muted small">not in this run</td>;
  return (
    <td className={`m-cell st-${c.status ?? 'none'}`}>
      {c.status ? <StatusBadge status={c.status} /> : '—'}
      {c.repeats > 1 && (
        <span className="small">
          {' '}
          {fmtPct(c.pass_rate)} of {c.repeats}
        </span>
      )}
      {c.mean_score !== null && <div className="small muted">score {c.mean_score.toFixed(2)}</div>}
    </td>
  );
}

/** N-way: rows are tests, columns are runs (A = baseline); rows where the runs disagree are marked. */
export function MatrixView({
  matrix,
  pair,
  onPair,
  onlyDiffering,
  onOnlyDiffering,
}: {
  matrix: CompareMatrix;
  pair: string | null;
  onPair: (runId: string) => void;
  onlyDiffering: boolean;
  onOnlyDiffering: (v: boolean) => void;
}) {
  const rows = onlyDiffering ? matrix.tests.filter((t) => t.differs) : matrix.tests;
  const highlight = new Set(matrix.config_spread.map((s) => s.field));
  // different numbers of conversations (repeats): totals mislead, compare per conversation
  const perConv = new Set(matrix.runs.map((c) => c.totals.results)).size > 1;
  return (
    <section aria-label="Matrix of tests by run">
      <div className="table-head">
        <h3>Tests × runs</h3>
        <label className="checkbox">
          <input type="checkbox" checked={onlyDiffering} onChange={(e) => onOnlyDiffering(e.target.checked)} /> Only
          tests where the runs disagree ({matrix.tests.filter((t) => t.differs).length})
        </label>
      </div>
      <MatrixDiffers matrix={matrix} />
      <div className="matrix-scroll">
        <table className="matrix" data-testid="matrix">
          <thead>
            <tr>
              <th>Test</th>
              {matrix.runs.map((c, i) => (
                <th key={c.run.id} className={pair === c.run.id ? 'paired' : ''}>
                  <div className="m-col">
                    <span className="side-tag">{runLetter(i)}</span>{' '}
                    <span className="m-model" title={c.run.model}>
                      {c.run.model}
                    </span>
                    {c.run.demo && <DemoBadge />}
                    <SpeechLabel speech={c.run.speech} />
                  </div>
                  <div className="small muted">
                    {c.run.agent_name}
                    {c.run.agent_version !== null ? ` v${c.run.agent_version}` : ''} · {fmtDate(c.run.created_at)}
                  </div>
                  <RunConfigView config={c.run.config} highlight={highlight} />
                  <FitnessCautions fitness={c.run.fitness} />
                  {i > 0 && (
                    <button type="button" className="link-button small" onClick={() => onPair(c.run.id)}>
                      {pair === c.run.id ? 'shown below' : 'diff vs A'}
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.key} className={t.differs ? 'differs' : ''}>
                <td>
                  {t.test}
                  {t.differs && <span className="change-tag kind-flaky small m-differs">differs</span>}
                </td>
                {t.cells.map((c, i) => (
                  <Cell key={i} c={c} />
                ))}
              </tr>
            ))}
            {!rows.length && (
              <tr>
                <td colSpan={matrix.runs.length + 1} className="muted">
                  Every test has the same status in every run.
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th>Pass rate</th>
              {matrix.runs.map((c) => (
                <td key={c.run.id} className="num-strong">
                  {fmtPct(c.totals.pass_rate)}
                  {c.totals.pass_interval && (
                    <div className="small muted" title="95% Wilson interval">
                      {Math.round(c.totals.pass_interval.low * 100)}–{Math.round(c.totals.pass_interval.high * 100)}%
                    </div>
                  )}
                </td>
              ))}
            </tr>
            <tr>
              <th>
                Mean score
                {!matrix.comparability.scores_comparable && (
                  <div className="small muted not-comparable">judges differ: not comparable</div>
                )}
              </th>
              {matrix.runs.map((c) => (
                <td key={c.run.id}>{c.totals.mean_score?.toFixed(2) ?? '—'}</td>
              ))}
            </tr>
            <tr>
              <th>{perConv ? 'Tokens / conversation' : 'Tokens'}</th>
              {matrix.runs.map((c) => (
                <td key={c.run.id}>
                  {perConv ? fmtInt(Math.round(c.totals.tokens_per_conversation ?? 0)) : fmtInt(c.totals.tokens.total)}
                </td>
              ))}
            </tr>
            <tr>
              <th>{perConv ? 'Time / conversation' : 'Wall time'}</th>
              {matrix.runs.map((c) => (
                <td key={c.run.id}>
                  {perConv
                    ? formatDuration(c.totals.results ? c.totals.conversation_ms / c.totals.results : 0)
                    : formatDuration(c.totals.wall_ms)}
                </td>
              ))}
            </tr>
            <tr>
              <th>Conversations</th>
              {matrix.runs.map((c) => (
                <td key={c.run.id}>{c.totals.results}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** What the runs differ in (A, B, C…), and why their mean scores do not compare when the judges differ. */
function MatrixDiffers({ matrix }: { matrix: CompareMatrix }) {
  return (
    <>
      <div className="small differ-line" data-testid="matrix-differ">
        {matrix.config_spread.length ? (
          <>
            The runs differ in:{' '}
            {groupedSpread(matrix.config_spread).map((s, i) => (
              <span key={s.field}>
                {i ? '; ' : ''}
                {s.field} {s.values.map((v, j) => `${runLetter(j)} ${v}`).join(', ')}
              </span>
            ))}
          </>
        ) : (
          'The runs have the same configuration.'
        )}
      </div>
      {matrix.comparability.notes.length > 0 && (
        <div className="notice small" role="note" data-testid="comparability-notes">
          {matrix.comparability.notes.map((n) => (
            <div key={n}>{n}: each run&apos;s mean score comes from its own judge.</div>
          ))}
        </div>
      )}
    </>
  );
}
