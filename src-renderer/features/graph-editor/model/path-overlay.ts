import type { AgentGraph, NodeVisit } from '../../../../src-shared/schemas/index.js';
import { countPaths } from '../../../../src-shared/coverage.js';
import { edgeKey } from './edge-key.js';

/** Counts of visits across many results (a run): node id -> visits, transition id -> times taken. */
export interface HeatCounts {
  nodeCounts: Record<string, number>;
  edgeCounts?: Record<string, number>;
}

export interface PathOverlay {
  /** Node id -> 1-based positions in the path at which it was entered. */
  order: Map<string, number[]>;
  /** Edge keys (source::transition) taken, with the step at which each was taken. */
  taken: Map<string, number[]>;
  /** Moves with no drawn edge (global entry, go back, unknown transition): drawn as dashed jumps. */
  jumps: { from: string; to: string; step: number; reason: string }[];
}

/** Visited nodes with their visit order and the edges taken, from a result's `nodes_visited`. */
export function pathOverlay(g: AgentGraph, visits: readonly (NodeVisit | string)[]): PathOverlay {
  const order = new Map<string, number[]>();
  const taken = new Map<string, number[]>();
  const jumps: PathOverlay['jumps'] = [];
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  let prev: string | undefined;
  visits.forEach((v, i) => {
    const visit = typeof v === 'string' ? { node: v, via: undefined, reason: '' } : v;
    const step = i + 1;
    order.set(visit.node, [...(order.get(visit.node) ?? []), step]);
    if (prev !== undefined) {
      const from = byId.get(prev);
      const t =
        from?.transitions.find((x) => (visit.via ? x.id === visit.via : false) && x.target === visit.node) ??
        (visit.via ? undefined : from?.transitions.find((x) => x.target === visit.node));
      if (t && from) {
        const k = edgeKey(from.id, t.id);
        taken.set(k, [...(taken.get(k) ?? []), step]);
      } else {
        jumps.push({
          from: prev,
          to: visit.node,
          step,
          reason: visit.reason || (byId.get(visit.node)?.global ? 'global' : 'jump'),
        });
      }
    }
    prev = visit.node;
  });
  return { order, taken, jumps };
}

/**
 * Visit counts over many paths (every result of a run), from the shared coverage count
 * (src-shared/coverage.ts). Edge counts are keyed by edge key (source::transition): transition ids
 * repeat across nodes.
 */
export function countVisits(paths: readonly (readonly NodeVisit[])[]): Required<HeatCounts> {
  const c = countPaths(paths);
  return { nodeCounts: Object.fromEntries(c.nodes), edgeCounts: Object.fromEntries(c.edges) };
}

/** 0..1 intensity of a count against the maximum (square root, so rare visits still show). */
export function heatLevel(count: number, max: number): number {
  if (!count || !max) return 0;
  return Math.min(1, Math.sqrt(count / max));
}
