import { useMemo } from 'react';
import type { AgentGraph } from '../../../../src-shared/schemas/graph.js';
import type { Result } from '../../../../src-shared/schemas/run.js';
import { GraphPathView } from '../../../ui/GraphPathView.js';
import { NodeBadge } from './Transcript.js';
import { visitCounts } from '../../../ui/run-stats.js';

/**
 * A result's path on the agent graph, the steps it took with the reason for each transition, and the
 * visit counts across the whole run (heat map on the graph, bars below; nodes never reached listed).
 */
export function PathPanel({
  graph,
  result,
  runResults,
  focusNode,
}: {
  graph: AgentGraph | undefined;
  result: Result;
  runResults: Result[] | undefined;
  focusNode?: string | null;
}) {
  const names = new Map(graph?.nodes.map((n) => [n.id, n.name || n.id]) ?? []);
  const types = new Map(graph?.nodes.map((n) => [n.id, n.type]) ?? []);
  const counts = useMemo(() => visitCounts(runResults ?? [result]), [runResults, result]);
  const heat = useMemo(() => Object.fromEntries(counts), [counts]);
  const max = Math.max(1, ...counts.values());
  return (
    <div className="path-panel">
      {graph ? (
        <GraphPathView
          graph={graph}
          visits={result.nodes_visited}
          heat={runResults ? heat : undefined}
          focusNode={focusNode ?? undefined}
        />
      ) : (
        <div className="muted small">
          The agent version this run used is not in the library any more; the path is listed below.
        </div>
      )}
      <div className="grid-2">
        <section>
          <h4>Path ({result.nodes_visited.length} steps)</h4>
          <ol className="path-steps" data-testid="path-steps">
            {result.nodes_visited.map((v, i) => (
              <li key={i}>
                <NodeBadge node={v.node} name={names.get(v.node)} />
                {types.get(v.node) && <span className="muted small"> {types.get(v.node)}</span>}
                <span className="muted small"> · turn {v.turn}</span>
                {i > 0 && (
                  <div className="small reason">
                    {v.via ? <code>{v.via}</code> : null} {v.reason || '—'}
                  </div>
                )}
              </li>
            ))}
          </ol>
        </section>
        <section>
          <h4>Visits across the run</h4>
          {!runResults && <div className="muted small">Loading the run's other results…</div>}
          <table className="heat-table" aria-label="Visits per node across the run">
            <tbody>
              {(graph?.nodes.map((n) => n.id) ?? [...counts.keys()]).map((id) => (
                <tr key={id}>
                  <td>{names.get(id) ?? id}</td>
                  <td className="heat-cell">
                    <span className="heat-bar" style={{ width: `${((counts.get(id) ?? 0) / max) * 100}%` }} />
                  </td>
                  <td className="num">{counts.get(id) ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}
