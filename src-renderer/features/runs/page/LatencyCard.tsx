import type { Result, Run } from '../../../../src-shared/schemas/run.js';
import {
  formatMs,
  latencyHistogram,
  agentTurnLatencies,
  type LatencyFigure,
} from '../../../../src-shared/latency/run-latency.js';
import { runLatencyReport } from '../../../../src-shared/latency/run-latency-report.js';

import { LATENCY_ROWS } from '../../../../src-shared/latency/latency-rows.js';

const ROWS: [LatencyFigure, string][] = LATENCY_ROWS.map(([f, label]) => [f, label[0].toUpperCase() + label.slice(1)]);

/** A run's latency: p50/p95 per figure, the budget checks, and a histogram of the response time per agent turn. */
export function LatencyCard({ run, results }: { run: Run; results: Result[] }) {
  const report = runLatencyReport(run, results);
  if (!report) return null;
  const responses = agentTurnLatencies(results)
    .map((l) => l.response_ms)
    .filter((v): v is number => v !== undefined);
  const bins = latencyHistogram(responses);
  const top = Math.max(1, ...bins.map((b) => b.count));
  return (
    <section className="card latency-card" aria-label="Latency" data-testid="latency-card">
      <h3>
        Latency <span className="muted small">over {report.agent_turns} agent turns · nearest-rank percentiles</span>
      </h3>
      <table className="latency-table">
        <thead>
          <tr>
            <th>Figure</th>
            <th className="num">p50</th>
            <th className="num">p95</th>
            <th className="num">max</th>
            <th className="num">turns</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([f, label]) => {
            const s = report[f];
            if (!s) return null;
            return (
              <tr key={f} data-figure={f}>
                <td>{label}</td>
                <td className="num">{formatMs(s.p50)}</td>
                <td className="num">{formatMs(s.p95)}</td>
                <td className="num">{formatMs(s.max)}</td>
                <td className="num" title={s.estimated ? `${s.estimated} of them estimated (docs/latency.md)` : ''}>
                  {s.n}
                  {s.estimated ? ` (${s.estimated} est.)` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {report.budget.length > 0 && (
        <ul className="latency-budget" aria-label="Latency budget" data-testid="latency-budget">
          {report.budget.map((c) => (
            <li key={c.target} className={c.passed ? 'pass' : 'fail'}>
              <strong>{c.passed ? 'within budget' : 'over budget'}</strong> {c.message}
            </li>
          ))}
        </ul>
      )}
      {bins.length > 0 && (
        <figure className="latency-histogram" data-testid="latency-histogram">
          <figcaption className="small muted">Response time per agent turn</figcaption>
          <ol aria-label="Response time histogram">
            {bins.map((b) => (
              <li key={b.lo} title={`${formatMs(b.lo)} to ${formatMs(b.hi)}: ${b.count} turns`}>
                <span className="bar" style={{ height: `${(b.count / top) * 100}%` }} />
                <span className="count small">{b.count || ''}</span>
                <span className="edge small muted">{formatMs(b.lo)}</span>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </section>
  );
}
