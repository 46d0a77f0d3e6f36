import type { Edge, Node } from '@xyflow/react';
import type { AgentGraph, GraphNode, Transition } from '../../../../src-shared/schemas/index.js';
import { edgeKey } from './edge-key.js';
import { isConditionEdge, sortedConditionEdges } from './graph-ops.js';
import type { IssueCount, IssueIndex } from './issues.js';
import { conditionLabel } from './labels.js';
import { missingNodeId } from './missing-targets.js';
import { heatLevel, type HeatCounts, type PathOverlay } from './path-overlay.js';

export interface CardData extends Record<string, unknown> {
  node: GraphNode;
  isEntry: boolean;
  issues?: IssueCount;
  /** 1-based steps at which a result's path entered the node. */
  visits?: number[];
  /** Visits across a run and the heat (0..1) they give. */
  count?: number;
  heat?: number;
  /** Faded: not matching the search, or not on the highlighted path. */
  dim?: boolean;
  /** Highlighted: search match or on the path. */
  hit?: boolean;
  /** The node a live test conversation is on. */
  live?: boolean;
  /** A diagnosis puts a fault here (the fix review). */
  fault?: boolean;
}

export interface EdgeData extends Record<string, unknown> {
  label: string;
  kind: string;
  /** 1-based evaluation rank among the node's prompt/equation edges (only when it has several). */
  rank?: number;
  issues?: IssueCount;
  taken?: number[];
  count?: number;
  heat?: number;
  jump?: boolean;
  dim?: boolean;
  /** A diagnosis puts a fault on this transition (the fix review). */
  fault?: boolean;
  /** Among several edges between the same two nodes (either direction): offset of this one's label
   * from the middle (-0.5, +0.5 for two), so their labels stack instead of covering each other. */
  lane?: number;
}

export type CardNode = Node<CardData>;
export type ConditionEdgeT = Edge<EdgeData>;

export interface Decorations {
  issues?: IssueIndex;
  selectedNodes?: ReadonlySet<string>;
  selectedEdges?: ReadonlySet<string>;
  path?: PathOverlay;
  heat?: HeatCounts;
  /** Node ids matching a search; others are faded. */
  matches?: ReadonlySet<string>;
  /** The node a live test conversation is on. */
  live?: string | null;
  /** Nodes and edges (edge keys) a diagnosis puts a fault on: outlined in the fail colour. */
  faults?: { nodes: ReadonlySet<string>; edges: ReadonlySet<string> };
  /** Draw transitions to missing nodes to their placeholder (model/missing-targets.ts) instead of leaving them out. */
  showDangling?: boolean;
}

const sameArr = (a?: number[], b?: number[]) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]));
const sameIssues = (a?: IssueCount, b?: IssueCount) =>
  a === b ||
  (!!a && !!b && a.errors === b.errors && a.warnings === b.warnings && a.messages.join('\n') === b.messages.join('\n'));

function sameCard(a: CardData, b: CardData): boolean {
  return (
    a.node === b.node &&
    a.isEntry === b.isEntry &&
    sameIssues(a.issues, b.issues) &&
    sameArr(a.visits, b.visits) &&
    a.count === b.count &&
    a.heat === b.heat &&
    a.dim === b.dim &&
    a.hit === b.hit &&
    a.live === b.live &&
    a.fault === b.fault
  );
}

function sameEdgeData(a: EdgeData, b: EdgeData): boolean {
  return (
    a.label === b.label &&
    a.kind === b.kind &&
    a.rank === b.rank &&
    sameIssues(a.issues, b.issues) &&
    sameArr(a.taken, b.taken) &&
    a.count === b.count &&
    a.heat === b.heat &&
    a.jump === b.jump &&
    a.dim === b.dim &&
    a.lane === b.lane &&
    a.fault === b.fault
  );
}

/**
 * xyflow nodes for a graph. Nodes whose content did not change keep their previous object (xyflow then
 * skips them), and measured sizes and in-progress drags are carried over.
 */
export function toFlowNodes(g: AgentGraph, d: Decorations = {}, prev: readonly CardNode[] = []): CardNode[] {
  const before = new Map(prev.map((n) => [n.id, n]));
  const maxCount = d.heat ? Math.max(0, ...Object.values(d.heat.nodeCounts)) : 0;
  const onPath = d.path ? d.path.order : undefined;
  return g.nodes.map((n, i) => {
    const count = d.heat ? (d.heat.nodeCounts[n.id] ?? 0) : undefined;
    const visits = onPath?.get(n.id);
    const data: CardData = {
      node: n,
      isEntry: n.id === g.entry_node_id,
      ...(d.issues?.byNode.get(n.id) ? { issues: d.issues.byNode.get(n.id) } : {}),
      ...(visits ? { visits } : {}),
      ...(count !== undefined ? { count, heat: heatLevel(count, maxCount) } : {}),
      ...((d.matches && !d.matches.has(n.id)) || (onPath && !visits) ? { dim: true } : {}),
      ...(d.matches?.has(n.id) ? { hit: true } : {}),
      ...(d.live === n.id ? { live: true } : {}),
      ...(d.faults?.nodes.has(n.id) ? { fault: true } : {}),
    };
    const old = before.get(n.id);
    const selected = d.selectedNodes?.has(n.id) ?? false;
    const position = old?.dragging ? old.position : (n.position ?? { x: (i % 8) * 300, y: Math.floor(i / 8) * 180 });
    if (
      old &&
      old.type === n.type &&
      (old.selected ?? false) === selected &&
      old.position.x === position.x &&
      old.position.y === position.y &&
      sameCard(old.data, data)
    )
      return old;
    return {
      id: n.id,
      type: n.type,
      position,
      data: old && sameCard(old.data, data) ? old.data : data,
      selected,
      ...(old?.measured ? { measured: old.measured } : {}),
      ...(old?.dragging ? { dragging: true } : {}),
    };
  });
}

function edgeData(n: GraphNode, t: Transition, ranks: Map<string, number>, d: Decorations, maxEdge: number): EdgeData {
  const k = edgeKey(n.id, t.id);
  const count = d.heat?.edgeCounts ? (d.heat.edgeCounts[k] ?? 0) : undefined;
  const taken = d.path?.taken.get(k);
  return {
    label: conditionLabel(t.condition),
    kind: t.condition.kind,
    ...(ranks.has(t.id) ? { rank: ranks.get(t.id) } : {}),
    ...(d.issues?.byEdge.get(k) ? { issues: d.issues.byEdge.get(k) } : {}),
    ...(taken ? { taken } : {}),
    ...(count !== undefined ? { count, heat: heatLevel(count, maxEdge) } : {}),
    ...(d.path && !taken ? { dim: true } : {}),
    ...(d.faults?.edges.has(k) ? { fault: true } : {}),
  };
}

/**
 * For transitions that share their two nodes with others (either way round: A->B and B->A are drawn
 * through the same middle point): their label's offset from the middle.
 */
function parallelLanes(g: AgentGraph, ids: ReadonlySet<string>): Map<Transition, number> {
  const byPair = new Map<string, Transition[]>();
  for (const n of g.nodes)
    for (const t of n.transitions) {
      if (!ids.has(t.target) || t.target === n.id) continue;
      const pair = n.id < t.target ? `${n.id}\n${t.target}` : `${t.target}\n${n.id}`;
      byPair.set(pair, [...(byPair.get(pair) ?? []), t]);
    }
  const lanes = new Map<Transition, number>();
  for (const group of byPair.values())
    if (group.length > 1) group.forEach((t, i) => lanes.set(t, i - (group.length - 1) / 2));
  return lanes;
}

/** xyflow edges: one per transition (id = edgeKey), plus dashed jumps of a highlighted path. */
export function toFlowEdges(
  g: AgentGraph,
  d: Decorations = {},
  prev: readonly ConditionEdgeT[] = [],
): ConditionEdgeT[] {
  const before = new Map(prev.map((e) => [e.id, e]));
  const ids = new Set(g.nodes.map((n) => n.id));
  const maxEdge = d.heat?.edgeCounts ? Math.max(0, ...Object.values(d.heat.edgeCounts)) : 0;
  const out: ConditionEdgeT[] = [];
  const lanes = parallelLanes(g, ids);
  for (const n of g.nodes) {
    const conds = sortedConditionEdges(n);
    const ranks = new Map(conds.length > 1 ? conds.map((t, i) => [t.id, i + 1]) : []);
    for (const t of n.transitions) {
      if (!ids.has(t.target) && !d.showDangling) continue;
      const target = ids.has(t.target) ? t.target : missingNodeId(t.target);
      const id = edgeKey(n.id, t.id);
      const lane = lanes.get(t);
      const data = {
        ...edgeData(n, t, isConditionEdge(t) ? ranks : new Map(), d, maxEdge),
        ...(lane !== undefined ? { lane } : {}),
      };
      const selected = d.selectedEdges?.has(id) ?? false;
      const old = before.get(id);
      if (
        old &&
        old.target === target &&
        (old.selected ?? false) === selected &&
        old.data &&
        sameEdgeData(old.data, data)
      ) {
        out.push(old);
        continue;
      }
      out.push({
        id,
        source: n.id,
        target,
        type: 'condition',
        data,
        selected,
        ...(data.taken ? { zIndex: 1 } : {}),
      });
    }
  }
  for (const j of d.path?.jumps ?? []) {
    if (!ids.has(j.from) || !ids.has(j.to)) continue;
    out.push({
      id: `jump::${j.step}`,
      source: j.from,
      target: j.to,
      type: 'condition',
      selectable: false,
      zIndex: 1,
      data: { label: j.reason, kind: 'jump', jump: true, taken: [j.step] },
    });
  }
  return out;
}
