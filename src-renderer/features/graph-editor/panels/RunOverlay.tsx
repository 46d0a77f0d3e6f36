import { useMemo } from 'react';
import { coverageLine, graphCoverage } from '../../../../src-shared/coverage.js';
import { useApi } from '../../../api/hooks.js';
import { countVisits } from '../model/path-overlay.js';
import { GraphView } from '../view/GraphView.js';
import type { OverlayChoice } from './RunsPanel.js';

/** The graph version a run used, with the run's visit heat map or one result's path. */
export function RunOverlay({ agentId, choice, onClose }: { agentId: string; choice: OverlayChoice; onClose(): void }) {
  const run = useApi('runs.get', { id: choice.runId });
  const results = useApi('runs.results', { id: choice.runId });
  const versionId = run.data?.run.agent_version_id;
  const version = useApi('agents.get', { id: agentId, version_id: versionId ?? '' }, { enabled: !!versionId });
  const heat = useMemo(
    () => (results.data ? countVisits(results.data.map((r) => r.nodes_visited)) : undefined),
    [results.data],
  );
  // the same computation as the suite's coverage beside it and the gaps under the canvas
  const coverage = useMemo(
    () =>
      version.data && results.data
        ? graphCoverage(
            version.data.graph,
            results.data.map((r) => r.nodes_visited),
          )
        : undefined,
    [version.data, results.data],
  );
  const one = choice.resultId ? results.data?.find((r) => r.id === choice.resultId) : undefined;
  const error = run.error ?? results.error ?? version.error;
  return (
    <div className="ge-viewing" data-testid="run-overlay">
      <div className="ge-banner">
        {one ? (
          <>
            Path of <strong>{one.test}</strong> ({one.status}, {one.nodes_visited.length} steps)
          </>
        ) : (
          <span data-testid="run-coverage">
            This run{version.data ? ` on v${version.data.version.version}` : ''}:{' '}
            {coverage ? coverageLine(coverage) : 'measuring…'}
          </span>
        )}
        <button type="button" className="small" onClick={onClose}>
          Back to editing
        </button>
      </div>
      {error ? (
        <div className="error-box">{error.message}</div>
      ) : version.data && heat ? (
        <GraphView
          graph={version.data.graph}
          height="100%"
          {...(one ? { path: one.nodes_visited } : { heat })}
          label={one ? 'Path of one conversation' : 'Visits across the run'}
        />
      ) : (
        <div className="muted">Loading…</div>
      )}
    </div>
  );
}
