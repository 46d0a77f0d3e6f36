import { useCallback, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  applyNodeChanges,
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import type { NodeType } from '../../../../src-shared/schemas/index.js';
import { addNode, connect, moveNodes } from '../model/graph-ops.js';
import type { IssueIndex } from '../model/issues.js';
import { toFlowEdges, toFlowNodes, type CardNode, type ConditionEdgeT } from '../model/to-flow.js';
import { useEditor, useGraph } from '../state/editor-store.js';
import { ArrowDefs, EDGE_COMPONENTS, EdgeLabelClick } from './ConditionEdge.js';
import { NODE_COMPONENTS } from './NodeCards.js';
import { RoutingOnCanvas } from '../analysis/RoutingBadge.js';
import { MissingNodeCard } from './MissingNodeCard.js';
import { isMissingNodeId, missingTargetNodes, type MissingNode } from '../model/missing-targets.js';
import { useColorMode } from './use-color-mode.js';

export const PALETTE_MIME = 'application/x-parley-node-type';

type CanvasNode = CardNode | MissingNode;
const minimapColor = (n: CanvasNode) =>
  isMissingNodeId(n.id) ? 'var(--fail)' : `var(--node-${(n as CardNode).data.node.type})`;
const CANVAS_NODE_TYPES = { ...NODE_COMPONENTS, missing: MissingNodeCard };

/** Zoomed far out, text is unreadable: cards drop their details and edges their labels (much less to paint). */
export const FAR_ZOOM = 0.3;
export const isFar = (s: { transform: [number, number, number] }) => s.transform[2] < FAR_ZOOM;

/** The editable canvas: nodes and edges come from the editor store; drags, connections and selection go back to it. */
export function EditorCanvas({
  issues,
  matches,
  liveNode,
}: {
  issues?: IssueIndex;
  matches?: ReadonlySet<string>;
  liveNode?: string | null;
}) {
  const graph = useGraph();
  const selection = useEditor((s) => s.selection);
  const apply = useEditor((s) => s.apply);
  const select = useEditor((s) => s.select);
  const colorMode = useColorMode();
  const rf = useReactFlow();
  const selectedNodes = useMemo(() => new Set(selection.nodes), [selection.nodes]);
  const selectedEdges = useMemo(() => new Set(selection.edges), [selection.edges]);

  const [nodes, setNodes] = useState<CanvasNode[]>([]);
  useLayoutEffect(() => {
    setNodes((prev) => [
      ...toFlowNodes(
        graph,
        { issues, selectedNodes, matches, live: liveNode },
        prev.filter((n): n is CardNode => n.type !== 'missing'),
      ),
      ...missingTargetNodes(graph, prev),
    ]);
  }, [graph, issues, selectedNodes, matches, liveNode]);

  const edgesRef = useRef<ConditionEdgeT[]>([]);
  const edges = useMemo(
    () => (edgesRef.current = toFlowEdges(graph, { issues, selectedEdges, showDangling: true }, edgesRef.current)),
    [graph, issues, selectedEdges],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      const local = changes.filter((c) => c.type === 'position' || c.type === 'dimensions');
      if (local.length) setNodes((nds) => applyNodeChanges(local, nds));
      const sel = changes.filter((c) => c.type === 'select' && !isMissingNodeId(c.id));
      if (sel.length) {
        const cur = new Set(useEditor.getState().selection.nodes);
        for (const c of sel)
          if (c.type === 'select') {
            if (c.selected) cur.add(c.id);
            else cur.delete(c.id);
          }
        select({ nodes: [...cur] });
      }
    },
    [select],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<ConditionEdgeT>[]) => {
      const sel = changes.filter((c) => c.type === 'select');
      if (!sel.length) return;
      const cur = new Set(useEditor.getState().selection.edges);
      for (const c of sel)
        if (c.type === 'select') {
          if (c.selected) cur.add(c.id);
          else cur.delete(c.id);
        }
      select({ edges: [...cur] });
    },
    [select],
  );

  const onNodeDragStop = useCallback(
    (_e: unknown, _n: CanvasNode, dragged: CanvasNode[]) => {
      const real = dragged.filter((d) => !isMissingNodeId(d.id));
      if (real.length) apply((g) => moveNodes(g, Object.fromEntries(real.map((d) => [d.id, d.position]))));
    },
    [apply],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      if (isMissingNodeId(c.target) || isMissingNodeId(c.source)) return;
      let created: string | null = null;
      apply((g) => {
        const r = connect(g, c.source, c.target);
        created = r.transitionId;
        return r.graph;
      });
      if (created) select({ nodes: [], edges: [`${c.source}::${created}`] });
    },
    [apply, select],
  );

  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = e.dataTransfer.getData(PALETTE_MIME) as NodeType;
      if (!type) return;
      e.preventDefault();
      const pos = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      let id = '';
      apply((g) => {
        const r = addNode(g, type, { x: Math.round(pos.x - 120), y: Math.round(pos.y - 40) });
        id = r.id;
        return r.graph;
      });
      select({ nodes: [id], edges: [] });
    },
    [apply, rf, select],
  );

  const onLabel = useCallback((id: string) => select({ nodes: [], edges: [id] }), [select]);
  const far = useStore(isFar);

  return (
    <EdgeLabelClick.Provider value={onLabel}>
      <RoutingOnCanvas.Provider value={true}>
        <div
          className={`ge-canvas${far ? ' ge-far' : ''}`}
          data-testid="graph-canvas"
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes(PALETTE_MIME)) {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'copy';
            }
          }}
          onDrop={onDrop}
        >
          <ArrowDefs />
          <ReactFlow<CanvasNode, ConditionEdgeT>
            nodes={nodes}
            edges={edges}
            nodeTypes={CANVAS_NODE_TYPES}
            edgeTypes={EDGE_COMPONENTS}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onNodeDragStop={onNodeDragStop}
            onConnect={onConnect}
            deleteKeyCode={null}
            selectionKeyCode="Shift"
            multiSelectionKeyCode={['Meta', 'Control']}
            colorMode={colorMode}
            minZoom={0.05}
            maxZoom={2}
            fitView
            fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={20} />
            <MiniMap<CanvasNode> pannable zoomable nodeColor={minimapColor} ariaLabel="Overview of the whole graph" />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
      </RoutingOnCanvas.Provider>
    </EdgeLabelClick.Provider>
  );
}
