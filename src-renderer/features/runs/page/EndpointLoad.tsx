import type { EndpointStatsRecord } from '../../../../src-shared/schemas/index.js';
import { endpointLimitText } from '../../../../src-shared/text/endpoint-stats-text.js';

/**
 * Load and errors per model endpoint: live while the run runs (run.endpoints events, about once a
 * second), then as stored with the run. Shown only for models served over HTTP.
 */
export function EndpointLoad({ stats, live }: { stats: EndpointStatsRecord[] | null | undefined; live: boolean }) {
  if (!stats?.length) return null;
  const models = new Set(stats.map((s) => s.model));
  return (
    <section className="card endpoint-load" aria-label="Model endpoints" data-testid="endpoint-load">
      <h3>Model endpoints{live ? ' (live)' : ''}</h3>
      <table className="data">
        <thead>
          <tr>
            {models.size > 1 && <th>Model</th>}
            <th>Endpoint</th>
            <th>Limit</th>
            <th>Calls</th>
            {live && <th>In flight</th>}
            <th>Errors</th>
            <th title="429 Too Many Requests, or 503 with Retry-After">Rate limited</th>
            <th title="Taken out after failures in a row, back after a probe succeeds">Ejected</th>
            <th>Mean latency</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((s) => (
            <tr key={`${s.model} ${s.endpoint}`} className={s.ejected ? 'unstable' : undefined}>
              {models.size > 1 && <td>{s.model}</td>}
              <td>
                <code>{s.endpoint}</code>
              </td>
              <td>{endpointLimitText(s)}</td>
              <td>{s.calls}</td>
              {live && (
                <td>
                  {s.in_flight} of {s.concurrency}
                </td>
              )}
              <td title={s.last_error}>{s.errors}</td>
              <td>{s.rate_limited}</td>
              <td>{s.ejected ? `out now (${s.ejections}×)` : s.ejections ? `${s.ejections}×` : '—'}</td>
              <td>{s.calls ? `${s.mean_latency_ms} ms` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {stats
        .filter((s) => s.last_error)
        .map((s) => (
          <p key={`err ${s.model} ${s.endpoint}`} className="muted small" data-testid="endpoint-last-error">
            {s.endpoint}: last error: {s.last_error}
          </p>
        ))}
    </section>
  );
}
