import dagre from '@dagrejs/dagre';
import type { AgentGraph, Position } from '../../../../src-shared/schemas/index.js';

/** Size the layout assumes for a node card (the card is 240 px wide; its height varies a little). */
export const NODE_W = 240;
export const NODE_H = 120;

export const needsLayout = (g: AgentGraph) => g.nodes.some((n) => !n.position);

/**
 * Left-to-right layered layout of the non-global nodes (dagre), with global nodes — reachable from
 * anywhere, so edges into them would only add noise — in their own lane below. Returns top-left corners.
 */
export function layoutGraph(g: AgentGraph): Record<string, Position> {
  const dg = new dagre.graphlib.Graph({ multigraph: true });
  dg.setGraph({ rankdir: 'LR', nodesep: 50, ranksep: 110, marginx: 20, marginy: 20 });
  dg.setDefaultEdgeLabel(() => ({}));
  const flowNodes = g.nodes.filter((n) => !n.global);
  const globals = g.nodes.filter((n) => n.global);
  const ids = new Set(flowNodes.map((n) => n.id));
  for (const n of flowNodes) dg.setNode(n.id, { width: NODE_W, height: NODE_H });
  for (const n of flowNodes) {
    for (const t of n.transitions)
      if (ids.has(t.target) && t.target !== n.id) dg.setEdge(n.id, t.target, {}, `${n.id}::${t.id}`);
  }
  dagre.layout(dg);
  const out: Record<string, Position> = {};
  let maxY = 0;
  let minX = Infinity;
  for (const n of flowNodes) {
    const p = dg.node(n.id) as { x: number; y: number } | undefined;
    if (!p) continue;
    out[n.id] = { x: Math.round(p.x - NODE_W / 2), y: Math.round(p.y - NODE_H / 2) };
    maxY = Math.max(maxY, out[n.id]!.y + NODE_H);
    minX = Math.min(minX, out[n.id]!.x);
  }
  if (!Number.isFinite(minX)) minX = 20;
  const laneY = flowNodes.length ? maxY + 120 : 20;
  globals.forEach((n, i) => {
    out[n.id] = { x: minX + i * (NODE_W + 60), y: laneY };
  });
  return out;
}

/** The graph with every node placed by `layoutGraph`. */
export function withLayout(g: AgentGraph): AgentGraph {
  const pos = layoutGraph(g);
  return { ...g, nodes: g.nodes.map((n) => (pos[n.id] ? { ...n, position: pos[n.id] } : n)) };
}
