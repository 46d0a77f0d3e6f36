import type { Result } from '../../../../src-shared/schemas/run.js';
import { fmtInt, modelCallTotals } from '../../../ui/run-stats.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';

/** The model calls of one conversation: totals by role and purpose, and every call. */
export function ModelCalls({ r, names }: { r: Result; names: Map<string, string> }) {
  if (!r.model_calls.length)
    return (
      <div className="muted small">
        No model calls recorded (static replies and equations only, or an imported call).
      </div>
    );
  const totals = modelCallTotals(r.model_calls);
  return (
    <>
      <table className="compact" aria-label="Model calls by role and purpose">
        <thead>
          <tr>
            <th>Role</th>
            <th>Purpose</th>
            <th className="num">Calls</th>
            <th className="num">Prompt</th>
            <th className="num">Cached</th>
            <th className="num">Completion</th>
            <th className="num">Time</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={`${t.role}:${t.purpose}`}>
              <td>{t.role}</td>
              <td>{t.purpose}</td>
              <td className="num">{t.calls}</td>
              <td className="num">{fmtInt(t.prompt)}</td>
              <td className="num">{fmtInt(t.cached)}</td>
              <td className="num">{fmtInt(t.completion)}</td>
              <td className="num">{formatDuration(t.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>Every call ({r.model_calls.length})</summary>
        <table className="compact">
          <thead>
            <tr>
              <th>#</th>
              <th>Role</th>
              <th>Purpose</th>
              <th>Node</th>
              <th className="num">Prompt</th>
              <th className="num">Cached</th>
              <th className="num">Completion</th>
              <th className="num">Time</th>
              <th>Endpoint</th>
            </tr>
          </thead>
          <tbody>
            {r.model_calls.map((c, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{c.role}</td>
                <td>{c.purpose}</td>
                <td>{c.node ? (names.get(c.node) ?? c.node) : ''}</td>
                <td className="num">{fmtInt(c.tokens.prompt)}</td>
                <td className="num">{fmtInt(c.tokens.cached_prompt)}</td>
                <td className="num">{fmtInt(c.tokens.completion)}</td>
                <td className="num">{formatDuration(c.ms)}</td>
                <td className="small">{c.endpoint ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
