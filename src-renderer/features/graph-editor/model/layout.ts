import dagre from '@dagrejs/dagre';
import type { AgentGraph, Position } from '../../../../src-shared/schemas/index.js';
import { conditionLabel } from './labels.js';

import { NODE_H, NODE_W } from './node-size.js';

export { NODE_H, NODE_W };
/** An edge label's box: at most 200 px of 11 px text (see .ge-edge-label), plus the rank badge. */
const LABEL_MAX_W = 224;
const LABEL_H = 24;
/** Space kept clear around every label, so two labels or a label and a card never touch. */
const LABEL_MARGIN = 16;
/** Shape the layout aims for: about that of the canvas (wider than tall). */
const TARGET_ASPECT = 1.6;
/** A layered row is never cut into pieces of fewer ranks than this. */
const MIN_RANKS_PER_ROW = 3;
const ROW_GAP = 140;

export const needsLayout = (g: AgentGraph) => g.nodes.some((n) => !n.position);

/** Approximate rendered width of an edge label (6.3 px per character of 11 px system-ui, plus padding). */
export function labelWidth(text: string): number {
  return Math.min(LABEL_MAX_W, Math.round(text.length * 6.3) + 28);
}

/**
 * Left-to-right layered layout of the non-global nodes (dagre), with global nodes — reachable from
 * anywhere, so edges into them would only add noise — in their own lane below. Returns top-left corners.
 *
 * Readable by construction: every edge label is a box dagre keeps clear of cards and of other labels
 * (so the gap between two ranks is as wide as their longest label), and a long chain is wrapped into
 * rows of whole ranks so the whole graph keeps roughly the canvas's
 * shape instead of one row that "Fit" would shrink to nothing.
 */
export function layoutGraph(g: AgentGraph): Record<string, Position> {
  const dg = new dagre.graphlib.Graph({ multigraph: true });
  dg.setGraph({ rankdir: 'LR', nodesep: 40, edgesep: 20, ranksep: 40, marginx: 20, marginy: 20 });
  dg.setDefaultEdgeLabel(() => ({}));
  const flowNodes = g.nodes.filter((n) => !n.global);
  const globals = g.nodes.filter((n) => n.global);
  const ids = new Set(flowNodes.map((n) => n.id));
  for (const n of flowNodes) dg.setNode(n.id, { width: NODE_W, height: NODE_H });
  for (const n of flowNodes) {
    for (const t of n.transitions)
      if (ids.has(t.target) && t.target !== n.id)
        dg.setEdge(
          n.id,
          t.target,
          {
            width: labelWidth(conditionLabel(t.condition)) + 2 * LABEL_MARGIN,
            height: LABEL_H + LABEL_MARGIN,
            labelpos: 'c',
          },
          `${n.id}::${t.id}`,
        );
  }
  dagre.layout(dg);
  const placed: Record<string, Position> = {};
  for (const n of flowNodes) {
    const p = dg.node(n.id) as { x: number; y: number } | undefined;
    if (p) placed[n.id] = { x: Math.round(p.x - NODE_W / 2), y: Math.round(p.y - NODE_H / 2) };
  }
  const out = wrapRows(placed);
  let maxY = 0;
  let minX = Infinity;
  for (const p of Object.values(out)) {
    maxY = Math.max(maxY, p.y + NODE_H);
    minX = Math.min(minX, p.x);
  }
  if (!Number.isFinite(minX)) minX = 20;
  const laneY = flowNodes.length ? maxY + 120 : 20;
  globals.forEach((n, i) => {
    out[n.id] = { x: minX + i * (NODE_W + 60), y: laneY };
  });
  return out;
}

/**
 * Cuts a left-to-right layout that is much wider than tall into rows of whole ranks (a rank is a
 * column of nodes sharing one x), stacked top to bottom, so its shape comes close to TARGET_ASPECT.
 */
export function wrapRows(pos: Record<string, Position>): Record<string, Position> {
  const entries = Object.entries(pos);
  if (!entries.length) return pos;
  const xs = [...new Set(entries.map(([, p]) => p.x))].sort((a, b) => a - b);
  const minX = xs[0]!;
  const width = xs[xs.length - 1]! + NODE_W - minX;
  const minY = Math.min(...entries.map(([, p]) => p.y));
  const height = Math.max(...entries.map(([, p]) => p.y)) + NODE_H - minY;
  // k rows of width W/k and height k*H have the aspect W / (k^2 H).
  // Every row keeps at least MIN_RANKS_PER_ROW ranks (no row of one lonely node).
  const rows = Math.min(
    Math.round(Math.sqrt(width / (height * TARGET_ASPECT))),
    Math.floor(xs.length / MIN_RANKS_PER_ROW),
  );
  if (rows <= 1) return pos;
  const perRow = Math.ceil(xs.length / rows);
  const rankOf = new Map(xs.map((x, i) => [x, i]));
  const out: Record<string, Position> = {};
  for (const [id, p] of entries) {
    const rank = rankOf.get(p.x)!;
    const row = Math.floor(rank / perRow);
    const rowStart = xs[row * perRow]!;
    out[id] = { x: p.x - rowStart + minX, y: p.y + row * (height + ROW_GAP) };
  }
  return out;
}

/** The graph with every node placed by `layoutGraph`. */
export function withLayout(g: AgentGraph): AgentGraph {
  const pos = layoutGraph(g);
  return { ...g, nodes: g.nodes.map((n) => (pos[n.id] ? { ...n, position: pos[n.id] } : n)) };
}
