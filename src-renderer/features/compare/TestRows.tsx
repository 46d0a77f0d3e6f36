import type { TestComparison } from '../../../src-shared/contract/runs.js';
import { StatusBadge } from '../../ui/common.js';
import { fmtPct } from '../../ui/run-stats.js';
import { CHANGE_LABEL, signed, testKeyOf, tone } from './compare-filters.js';

export function ChangeTag({ t }: { t: TestComparison }) {
  return (
    <span className={`change-tag kind-${t.change}`} data-testid="change-tag">
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
          const worst = metric
            ? t.metric_deltas.find((m) => m.criterion === metric)
            : t.metric_deltas.filter((m) => m.delta !== null).sort((x, y) => x.delta! - y.delta!)[0];
          const scored = t.metric_deltas.length > 0;
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
                  <div className="muted small">
                    ended {t.end_reason_a ?? '—'} → {t.end_reason_b ?? '—'}
                  </div>
                )}
              </td>
              <td>{t.status_a ? <StatusBadge status={t.status_a} /> : <span className="muted">—</span>}</td>
              <td>{t.status_b ? <StatusBadge status={t.status_b} /> : <span className="muted">—</span>}</td>
              <td>
                <ChangeTag t={t} />
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
                {notComparable && scored ? (
                  <span className="muted not-comparable">{notComparable}</span>
                ) : worst ? (
                  <>
                    {metric && (
                      <span>
                        {worst.score_a?.toFixed(2) ?? '—'} → {worst.score_b?.toFixed(2) ?? '—'}{' '}
                      </span>
                    )}
                    <span className={`tone-${tone(worst.delta, true)}`}>
                      {signed(worst.delta, (x) => x.toFixed(2))}
                    </span>
                    {!metric && (
                      <>
                        {' '}
                        <span className="muted">{worst.criterion}</span>
                        {t.metric_deltas.length > 1 && <span className="muted"> (+{t.metric_deltas.length - 1})</span>}
                      </>
                    )}
                  </>
                ) : (
                  <span className="muted">—</span>
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
