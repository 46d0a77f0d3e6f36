import { useApi } from '../../../api/hooks.js';
import { fmtDate, StatusBadge } from '../../../ui/common.js';
import { SuiteCoverage } from '../analysis/SuiteCoverage.js';
import { roleModelLabel } from '../../../ui/models-label.js';
import { plural } from '../../../../src-shared/text/plural.js';

export interface OverlayChoice {
  runId: string;
  resultId?: string;
}

/** Runs of this agent: pick one to see its visit heat map and coverage gaps, or one result to see its path. */
export function RunsPanel({
  agentId,
  choice,
  onChoose,
}: {
  agentId: string;
  choice: OverlayChoice | null;
  onChoose(c: OverlayChoice | null): void;
}) {
  const runs = useApi('runs.list', { agent_id: agentId, limit: 50, offset: 0 });
  const results = useApi('runs.get', { id: choice?.runId ?? '' }, { enabled: !!choice });
  return (
    <div className="ge-inspector" data-testid="runs-panel">
      <div className="ge-inspector__title">Runs on the graph</div>
      <p className="muted small">
        See which nodes a run visited (heat map), which it never reached, and the path of one conversation.
      </p>
      {runs.error && <div className="error small">{runs.error.message}</div>}
      {runs.data?.length === 0 && (
        <div className="muted small">No runs of this agent yet. Start one from the Runs page.</div>
      )}
      <ol className="ge-versions">
        {runs.data?.map((r) => (
          <li key={r.id} className={choice?.runId === r.id ? 'is-viewing' : ''} data-testid="overlay-run">
            <div className="ge-versions__head">
              <strong>{r.suite_name || 'Run'}</strong> <StatusBadge status={r.status} />
              <span className="muted small">{fmtDate(r.created_at)}</span>
            </div>
            <div className="small muted">
              {r.summary.passed}/{r.summary.total} passed
              {r.models.agent ? ` · ${roleModelLabel(r.models.agent)}` : ''}
            </div>
            <div className="ge-row">
              {choice?.runId === r.id ? (
                <button type="button" className="ghost small" onClick={() => onChoose(null)}>
                  Hide
                </button>
              ) : (
                <button type="button" className="small" onClick={() => onChoose({ runId: r.id })}>
                  Show coverage
                </button>
              )}
            </div>
            {choice?.runId === r.id && r.suite_id && (
              <SuiteCoverage agentId={agentId} suiteId={r.suite_id} suiteName={r.suite_name || 'this suite'} />
            )}
            {choice?.runId === r.id && results.data && (
              <ul className="ge-ways">
                {results.data.results.map((x) => (
                  <li key={x.id} className={choice.resultId === x.id ? 'is-current' : ''}>
                    <button
                      type="button"
                      className="ge-linkish"
                      onClick={() => onChoose({ runId: r.id, resultId: choice.resultId === x.id ? undefined : x.id })}
                    >
                      <StatusBadge status={x.status} /> {x.test}
                      {x.repeat ? ` #${x.repeat + 1}` : ''} <span className="muted">· {plural(x.turns, 'turn')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
