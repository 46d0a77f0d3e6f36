import type { Result, Run } from '../../../../src-shared/schemas/run.js';
import { runTotals } from '../../../../src-shared/run/totals.js';
import { wilson } from '../../../../src-shared/stats/index.js';
import { fmtInt, fmtPassInterval, fmtPct } from '../../../ui/run-stats.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';

/** The finished run at a glance: pass rate, counts, tokens, wall time, mean score per metric. */
export function RunSummary({ run, results }: { run: Run; results: Result[] }) {
  const t = runTotals(run, results);
  const contextFull = results.filter((r) => r.end_reason === 'context_full').length;
  const judged = t.passed + t.failed + t.errored;
  const interval = judged ? wilson(t.passed, judged) : null;
  return (
    <div className="card run-summary" data-testid="run-summary" aria-label="Run summary">
      <div className="stat big">
        <div className="label">Pass rate</div>
        <div className="value" data-testid="pass-rate">
          {fmtPct(t.pass_rate)}
        </div>
        {interval && (
          <div className="small muted" data-testid="pass-interval" title="95% Wilson interval of the pass rate">
            {fmtPassInterval(interval, judged)}
          </div>
        )}
        <div className="small muted">
          {t.passed} passed · {t.failed} failed · {t.errored} errors of {t.conversations}
        </div>
        {contextFull > 0 && (
          <div
            className="small"
            data-testid="context-full"
            title="Judged on what happened. A model with a larger context, or the run option context: trim, lets such conversations go on."
          >
            {contextFull} ended at a full context
          </div>
        )}
      </div>
      <div className="stat">
        <div className="label">Tokens</div>
        <div className="value">{fmtInt(t.tokens.total)}</div>
        <div className="small muted">
          {fmtInt(t.tokens.prompt)} prompt ({fmtInt(t.tokens.cached_prompt)} cached) · {fmtInt(t.tokens.completion)}{' '}
          completion
        </div>
      </div>
      <div className="stat">
        <div className="label">Wall time</div>
        <div className="value">{formatDuration(t.wall_ms)}</div>
        <div className="small muted">{formatDuration(t.conversation_ms)} of conversations</div>
      </div>
      <div className="stat">
        <div className="label">Mean turns</div>
        <div className="value">{t.mean_turns === null ? '—' : t.mean_turns.toFixed(1)}</div>
      </div>
      {t.mean_scores.length > 0 && (
        <div className="stat wide">
          <div className="label">Mean score per metric</div>
          <ul className="metric-means">
            {t.mean_scores.map((m) => (
              <li key={m.criterion}>
                <span className="num">{m.mean.toFixed(2)}</span> {m.criterion}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
