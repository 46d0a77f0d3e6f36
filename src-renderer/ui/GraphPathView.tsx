import { useMemo } from 'react';
import type { AgentGraph } from '../../src-shared/schemas/graph.js';
import type { NodeVisit } from '../../src-shared/schemas/run.js';
import { GraphView } from '../features/graph-editor/index.js';

/**
 * A conversation's path on the agent graph (the graph editor's read-only GraphView): visited nodes
 * numbered in order, taken edges highlighted, and optionally the run's visit counts as a heat map
 * with the nodes no conversation reached.
 */
export function GraphPathView({
  graph,
  visits,
  heat,
  focusNode,
  height = 360,
  label,
}: {
  graph: AgentGraph;
  visits?: NodeVisit[];
  /** Node id -> visits across a run. */
  heat?: Record<string, number>;
  focusNode?: string;
  height?: number;
  label?: string;
}) {
  const heatCounts = useMemo(() => (heat ? { nodeCounts: heat } : undefined), [heat]);
  return (
    <div className="graph-path-view" data-testid="graph-path-view">
      <GraphView
        graph={graph}
        path={visits}
        heat={heatCounts}
        focusNodeId={focusNode}
        height={height}
        label={label ?? 'Path on the agent graph'}
      />
    </div>
  );
}
