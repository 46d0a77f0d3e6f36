import { TURN_METRICS } from '../../../src-shared/schemas/run.js';
import type { TestComparison } from '../../../src-shared/contract/runs.js';
import { signed, tone } from './compare-filters.js';

/** Per-turn quality of the two conversations: each side's means, then per agent turn the change B - A (drops first to the eye). */
export function TurnQualityDiff({
  q,
  notComparable,
}: {
  q: NonNullable<TestComparison['turn_quality']>;
  /** The judge changed: per-turn changes are not given (said instead). */
  notComparable?: string;
}) {
  const fmt = (x: number) => x.toFixed(2);
  return (
    <section data-testid="turn-quality-diff">
      <h4>Turn quality</h4>
      {notComparable && <div className="muted small">{notComparable}</div>}
      <table className="metric-deltas">
        <thead>
          <tr>
            <th>Agent turn</th>
            {TURN_METRICS.map((m) => (
              <th key={m} className="num">
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Mean A</td>
            {TURN_METRICS.map((m) => (
              <td key={m} className="num">
                {q.mean_a ? fmt(q.mean_a[m]) : '—'}
              </td>
            ))}
          </tr>
          <tr>
            <td>Mean B</td>
            {TURN_METRICS.map((m) => (
              <td key={m} className="num">
                {q.mean_b ? fmt(q.mean_b[m]) : '—'}
              </td>
            ))}
          </tr>
          {q.turns.map((t) => (
            <tr key={t.turn} data-testid="turn-quality-row">
              <td>
                {t.turn + 1}
                <span className="muted small">
                  {' '}
                  (#{t.index_a !== null ? t.index_a + 1 : '—'} / #{t.index_b !== null ? t.index_b + 1 : '—'})
                </span>
              </td>
              {TURN_METRICS.map((m) => (
                <td key={m} className={`num tone-${tone(t.delta?.[m], true)}`}>
                  {t.delta ? (
                    signed(t.delta[m], fmt)
                  ) : (
                    <span className="muted">{notComparable ? 'not comparable' : 'only one side'}</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
