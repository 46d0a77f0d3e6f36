import type { AgentGraph } from '../../src-shared/schemas/index.js';

/** One transition removed because its target node does not exist. */
export interface DroppedTransition {
  node_id: string;
  transition_id: string;
  target: string;
  /** Where it was in the graph before dropping: `nodes[2].transitions[1]`. */
  graph_path: string;
}

export interface DropDanglingResult {
  graph: AgentGraph;
  dropped: DroppedTransition[];
  /** Maps a path in the pruned graph to the same place in the graph before pruning (transition indexes shift). */
  originalPath(graphPath: string): string;
}

/**
 * Removes every transition whose target is not a node of the graph (`parley import --drop-dangling`).
 * Nothing else changes; a graph without dangling transitions comes back as it was.
 */
export function dropDanglingTransitions(g: AgentGraph): DropDanglingResult {
  const ids = new Set(g.nodes.map((n) => n.id));
  const dropped: DroppedTransition[] = [];
  /** Per node index: new transition index -> old index (only for nodes that lost a transition). */
  const kept = new Map<number, number[]>();
  const nodes = g.nodes.map((n, ni) => {
    if (n.transitions.every((t) => ids.has(t.target))) return n;
    const keep: number[] = [];
    n.transitions.forEach((t, ti) => {
      if (ids.has(t.target)) keep.push(ti);
      else
        dropped.push({
          node_id: n.id,
          transition_id: t.id,
          target: t.target,
          graph_path: `nodes[${ni}].transitions[${ti}]`,
        });
    });
    kept.set(ni, keep);
    return { ...n, transitions: keep.map((ti) => n.transitions[ti]!) };
  });
  const originalPath = (p: string): string =>
    p.replace(/^nodes\[(\d+)\]\.transitions\[(\d+)\]/, (whole, ni: string, ti: string) => {
      const old = kept.get(Number(ni))?.[Number(ti)];
      return old === undefined ? whole : `nodes[${ni}].transitions[${old}]`;
    });
  return { graph: dropped.length ? { ...g, nodes } : g, dropped, originalPath };
}
