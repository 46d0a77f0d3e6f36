import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  type NodeChange,
} from '@xyflow/react';
import type { AgentGraph, NodeVisit } from '../../../../src-shared/schemas/index.js';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import { ArrowDefs, EDGE_COMPONENTS } from '../canvas/ConditionEdge.js';
import { isFar } from '../canvas/EditorCanvas.js';
import { NODE_COMPONENTS } from '../canvas/NodeCards.js';
import { useColorMode } from '../canvas/use-color-mode.js';
import { indexIssues, withLocations } from '../model/issues.js';
import { displayName } from '../model/labels.js';
import { needsLayout, withLayout } from '../model/layout.js';
import { nodeReach, nodeReachText } from '../../../../src-shared/coverage.js';
import { pathOverlay, type HeatCounts } from '../model/path-overlay.js';
import { toFlowEdges, toFlowNodes, type CardNode } from '../model/to-flow.js';
import '../graph-editor.css';

export interface GraphViewProps {
  /** The agent graph to draw (read-only). Nodes without positions are laid out automatically. */
  graph: AgentGraph;
  /** One result's path (`Result.nodes_visited`, or plain node ids in order): visited nodes and taken edges are highlighted with their step numbers, the rest is faded. */
  path?: readonly (NodeVisit | string)[];
  /** Visit counts across many results (see `countVisits`): nodes and edges are tinted by how often they were used. */
  heat?: HeatCounts;
  /** List nodes never visited under the canvas (default: on when `heat` is given). */
  showCoverageGaps?: boolean;
  /** Validation issues to badge on nodes and edges. */
  issues?: ValidationIssue[];
  /** Nodes and transitions (edge keys `source::transition`) a diagnosis puts a fault on: outlined in the fail colour. */
  faults?: { nodes?: readonly string[]; edges?: readonly string[] };
  /** Node to centre and select, e.g. the first divergence between two runs. */
  focusNodeId?: string;
  /** Called with a node id when a node is clicked. */
  onNodeClick?(nodeId: string): void;
  /** Canvas height (CSS); default 420px. */
  height?: number | string;
  /** Accessible name of the canvas. */
  label?: string;
  className?: string;
}

function Inner({
  graph: raw,
  path,
  heat,
  showCoverageGaps,
  issues,
  faults,
  focusNodeId,
  onNodeClick,
  height = 420,
  label,
  className,
}: GraphViewProps) {
  const graph = useMemo(() => (needsLayout(raw) ? withLayout(raw) : raw), [raw]);
  const colorMode = useColorMode();
  const rf = useReactFlow();
  const overlay = useMemo(() => (path ? pathOverlay(graph, path) : undefined), [graph, path]);
  const index = useMemo(() => (issues ? indexIssues(graph, withLocations(graph, issues)) : undefined), [graph, issues]);
  const [focus, setFocus] = useState<string | undefined>(focusNodeId);
  useEffect(() => setFocus(focusNodeId), [focusNodeId]);
  const selectedNodes = useMemo(() => new Set(focus ? [focus] : []), [focus]);
  const faultSets = useMemo(
    () => (faults ? { nodes: new Set(faults.nodes ?? []), edges: new Set(faults.edges ?? []) } : undefined),
    [faults],
  );
  const deco = useMemo(
    () => ({ path: overlay, heat, issues: index, selectedNodes, faults: faultSets }),
    [overlay, heat, index, selectedNodes, faultSets],
  );
  const [nodes, setNodes] = useState<CardNode[]>([]);
  useEffect(() => setNodes((prev) => toFlowNodes(graph, deco, prev)), [graph, deco]);
  const edges = useMemo(() => toFlowEdges(graph, deco), [graph, deco]);
  const onNodesChange = useCallback((changes: NodeChange<CardNode>[]) => {
    const dims = changes.filter((c) => c.type === 'dimensions');
    if (dims.length)
      setNodes((nds) =>
        nds.map((n) => {
          const c = dims.find((d) => d.id === n.id);
          return c && c.type === 'dimensions' && c.dimensions ? { ...n, measured: c.dimensions } : n;
        }),
      );
  }, []);
  const centre = useCallback(
    (id: string) => {
      setFocus(id);
      const n = rf.getNode(id);
      if (n)
        void rf.setCenter(
          n.position.x + (n.measured?.width ?? 240) / 2,
          n.position.y + (n.measured?.height ?? 110) / 2,
          { zoom: Math.max(rf.getZoom(), 0.8), duration: 300 },
        );
    },
    [rf],
  );
  useEffect(() => {
    if (focusNodeId) {
      const t = setTimeout(() => centre(focusNodeId), 50);
      return () => clearTimeout(t);
    }
  }, [focusNodeId, centre]);
  // the one definition of what counts as reached (src-shared/coverage.ts): every number here comes from it
  const reach = useMemo(
    () => ((showCoverageGaps ?? !!heat) && heat ? nodeReach(graph, (id) => heat.nodeCounts[id]) : null),
    [graph, heat, showCoverageGaps],
  );
  const gaps = reach?.never ?? [];
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  const style: CSSProperties = { height };
  const far = useStore(isFar);
  return (
    <div className={`ge-view ${className ?? ''}`} data-testid="graph-view">
      <div
        className={`ge-canvas ge-readonly${far ? ' ge-far' : ''}`}
        style={style}
        role="group"
        aria-label={label ?? `Graph of ${graph.name || 'the agent'}`}
      >
        <ArrowDefs />
        <ReactFlow<CardNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_COMPONENTS}
          edgeTypes={EDGE_COMPONENTS}
          onNodesChange={onNodesChange}
          onNodeClick={(_e, n) => {
            setFocus(n.id);
            onNodeClick?.(n.id);
          }}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={!!onNodeClick}
          deleteKeyCode={null}
          colorMode={colorMode}
          minZoom={0.05}
          maxZoom={2}
          fitView
          fitViewOptions={{ padding: 0.12, maxZoom: 1 }}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={20} />
          <MiniMap<CardNode> pannable zoomable nodeColor={(n) => `var(--node-${n.data.node.type})`} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {heat && (
        <div className="ge-view__legend small muted">
          <span className="ge-heat-scale" aria-hidden="true" /> fewer → more visits across the run
        </div>
      )}
      {reach && gaps.length > 0 && (
        <div className="ge-gaps" data-testid="coverage-gaps">
          <span data-testid="coverage-reached">{nodeReachText(reach)} reached</span>;{' '}
          <strong>never visited ({gaps.length}):</strong>{' '}
          {gaps.map((id) => (
            <button key={id} type="button" className="ge-chip ge-chip--button" onClick={() => centre(id)}>
              {displayName(byId.get(id)!)}
            </button>
          ))}
        </div>
      )}
      {reach && gaps.length === 0 && (
        <div className="ge-gaps muted small" data-testid="coverage-gaps">
          <span data-testid="coverage-reached">{nodeReachText(reach)} reached</span>: every node was visited at least
          once.
        </div>
      )}
    </div>
  );
}

/**
 * Read-only drawing of an agent graph, with optionally one result's path, a heat map of a run's visit
 * counts, and the list of nodes never visited. Self-contained (own ReactFlowProvider): several can sit on one page.
 */
export function GraphView(props: GraphViewProps) {
  return (
    <ReactFlowProvider>
      <Inner {...props} />
    </ReactFlowProvider>
  );
}
