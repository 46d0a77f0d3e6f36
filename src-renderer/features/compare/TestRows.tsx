import type { TestComparison } from '../../../src-shared/contract/runs.js';
import { JUDGE_CHANGED_VERDICTS } from '../../../src-shared/contract/compare-shapes.js';
import { StatusBadge } from '../../ui/common.js';
import { fmtPct } from '../../ui/run-stats.js';
import { CHANGE_LABEL, kindClass, largestDrop, signed, testKeyOf, tone } from './compare-filters.js';
import { endReasonChange } from '../../../src-shared/text/end-reason.js';
import { plural } from '../../../src-shared/text/plural.js';

/** The test's change; `judgeChanged`: regressed / improved drawn without the colours of worse and better. */
export function ChangeTag({ t, judgeChanged }: { t: TestComparison; judgeChanged?: boolean }) {
  const kind = kindClass(t.change, judgeChanged);
  return (
    <span
      className={`change-tag kind-${kind}`}
      data-testid="change-tag"
      title={kind === 'uncoloured' ? JUDGE_CHANGED_VERDICTS : undefined}
    >
      {CHANGE_LABEL[t.change]}
    </span>
  );
}

const fmtP = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/** One row per test: status A -> B, the change, significance with repeats, metric and usage deltas. Regressions first. */
export function TestRows({
  tests,
  selected,
  onSelect,
  metric,
  notComparable,
}: {
  tests: TestComparison[];
  selected: string | null;
  onSelect: (key: string) => void;
  metric?: string | null;
  /** Why metric deltas are not given (the judge changed): said in their column, without colour. */
  notComparable?: string;
}) {
  return (
    <table className="compare-rows" aria-label="Tests compared">
      <thead>
        <tr>
          <th>Test</th>
          <th>A</th>
          <th>B</th>
          <th>Change</th>
          <th>Repeats</th>
          <th>{metric ? `Δ ${metric.length > 28 ? metric.slice(0, 27) + '…' : metric}` : 'Metric Δ (largest drop)'}</th>
          <th className="num">Turns Δ</th>
          <th className="num">Tokens Δ</th>
        </tr>
      </thead>
      <tbody>
        {tests.map((t) => {
          const key = testKeyOf(t);
          return (
            <tr
              key={key}
              className={`clickable row-${t.change} ${selected === key ? 'selected' : ''}`}
              data-testid="compare-row"
              onClick={() => onSelect(key)}
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onSelect(key);
              }}
            >
              <td>
                <strong>{t.test}</strong>
                {t.end_reason_changed && (
                  <div className="muted small" title={`${t.end_reason_a ?? '—'} → ${t.end_reason_b ?? '—'}`}>
                    {endReasonChange(t.end_reason_a, t.end_reason_b, '→')}
                  </div>
                )}
              </td>
              <td>{t.status_a ? <StatusBadge status={t.status_a} /> : <span className="muted">—</span>}</td>
              <td>{t.status_b ? <StatusBadge status={t.status_b} /> : <span className="muted">—</span>}</td>
              <td>
                <ChangeTag t={t} judgeChanged={!!notComparable} />
              </td>
              <td className="small">
                {t.repeats_a > 1 || t.repeats_b > 1 ? (
                  <>
                    {fmtPct(t.pass_rate_a)} → {fmtPct(t.pass_rate_b)}{' '}
                    <span className="muted">
                      of {t.repeats_a === t.repeats_b ? t.repeats_a : `${t.repeats_a}/${t.repeats_b}`}
                    </span>
                    {t.p !== null && (
                      <div className={t.significant ? 'sig' : 'muted'}>
                        {fmtP(t.p)}
                        {t.significant ? ' · significant' : ' · not significant'}
                      </div>
                    )}
                  </>
                ) : (
                  <span className="muted">1 each</span>
                )}
              </td>
              <td className="small">
                {notComparable && t.metric_deltas.length > 0 ? (
                  <span className="muted not-comparable">{notComparable}</span>
                ) : (
                  <MetricDeltaCell t={t} metric={metric ?? null} />
                )}
              </td>
              <td className="num">{signed(t.turns.delta, (x) => String(Math.round(x * 10) / 10))}</td>
              <td className={`num tone-${tone(t.tokens.delta, false)}`}>
                {signed(t.tokens.delta, (x) => Math.round(x).toLocaleString('en-US'))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One metric's change (when a metric is chosen), else the largest drop: "−0.30 goal met (+2 more)" or "none dropped". */
function MetricDeltaCell({ t, metric }: { t: TestComparison; metric: string | null }) {
  if (metric) {
    const m = t.metric_deltas.find((x) => x.criterion === metric);
    if (!m) return <span className="muted">—</span>;
    return (
      <>
        <span>
          {m.score_a?.toFixed(2) ?? '—'} → {m.score_b?.toFixed(2) ?? '—'}{' '}
        </span>
        <span className={`tone-${tone(m.delta, true)}`}>{signed(m.delta, (x) => x.toFixed(2))}</span>
      </>
    );
  }
  const drop = largestDrop(t.metric_deltas);
  if (!drop) return <span className="muted">—</span>;
  if (!drop.dropped)
    return (
      <span className="muted" data-testid="no-drop">
        none dropped ({plural(drop.metrics, 'metric')})
      </span>
    );
  return (
    <>
      <span className="tone-bad">{signed(drop.delta, (x) => x.toFixed(2))}</span>{' '}
      <span className="muted">{drop.criterion}</span>
      {drop.others > 0 && <span className="muted"> (+{drop.others} more)</span>}
    </>
  );
}
