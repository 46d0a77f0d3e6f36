/**
 * Graph editor feature: the agent editor page and the read-only graph view other screens reuse.
 *
 * GraphView / GraphPathOverlay (same component) — props (see GraphViewProps in view/GraphView.tsx):
 *   graph            AgentGraph to draw, read-only; nodes without positions are laid out (dagre).
 *   path?            one result's `nodes_visited` (NodeVisit[]) or node ids in order: visited nodes and
 *                    taken edges highlighted with their step numbers (#1, #3…), the rest faded; moves
 *                    without an edge (global entry, go back) drawn as dashed jumps labelled with the reason.
 *   heat?            { nodeCounts, edgeCounts? } visit counts across a run (build with `countVisits(results.map(r => r.nodes_visited))`;
 *                    edgeCounts keyed by edge key source::transition): nodes/edges tinted and labelled ×N.
 *   showCoverageGaps? list nodes never visited under the canvas (default: on when heat is given).
 *   issues?          ValidationIssue[] badged on their nodes/edges.
 *   faults?          { nodes?, edges? } a diagnosis puts a fault on (edge keys source::transition): outlined in red.
 *   focusNodeId?     node to centre and select (e.g. the first divergence between two runs).
 *   onNodeClick?     (nodeId) => void.
 *   height?          CSS height of the canvas (default 420px).   label?  accessible name.   className?
 *
 * Example:
 *   <GraphPathOverlay graph={graph} path={result.nodes_visited} height={360} />
 *   <GraphView graph={graph} heat={countVisits(results.map((r) => r.nodes_visited))} />
 */
export { GraphView, GraphView as GraphPathOverlay, type GraphViewProps } from './view/GraphView.js';
export { countVisits, pathOverlay, type HeatCounts } from './model/path-overlay.js';
export { AgentEditorPage } from './AgentEditorPage.js';
export { SuiteCoverage } from './analysis/SuiteCoverage.js';
