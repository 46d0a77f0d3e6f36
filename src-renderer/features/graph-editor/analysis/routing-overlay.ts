import { create } from 'zustand';
import type { RoutingPoint, RoutingReport } from '../../../../src-shared/contract/analysis.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { edgeKey } from '../model/edge-key.js';

export interface RoutingOverlay {
  /** The agent the last routing check was for (the canvas shows nothing for another agent). */
  agentId: string | null;
  byNode: Record<string, { accuracy: number; misrouted: number; lines: number }>;
  /** Edge keys (source::transition) of conditions that took or lost lines meant for another. */
  confused: Set<string>;
  /** The decision points of the last check, by node id (the edge inspector lists their caller lines). */
  points: Record<string, RoutingPoint>;
  show(agentId: string, report: RoutingReport): void;
  /** Takes the badges off the canvas: the result they came from is gone (panel closed, new check, graph edited). */
  clear(): void;
}

const EMPTY = { agentId: null, byNode: {}, confused: new Set<string>(), points: {} };

/** The last routing check's results on the canvas: a badge per decision point, confused edges highlighted. */
export const useRoutingOverlay = create<RoutingOverlay>((set) => ({
  ...EMPTY,
  show(agentId, report) {
    const byNode: RoutingOverlay['byNode'] = {};
    const confused = new Set<string>();
    for (const p of report.points) {
      byNode[p.node_id] = { accuracy: p.accuracy, misrouted: p.misrouted, lines: p.utterances.length };
      const edges = new Set(p.options.filter((o) => o.scope === 'edge').map((o) => o.key));
      for (const s of p.steals) for (const k of [s.from, s.to]) if (edges.has(k)) confused.add(edgeKey(p.node_id, k));
    }
    set({ agentId, byNode, confused, points: Object.fromEntries(report.points.map((p) => [p.node_id, p])) });
  },
  clear() {
    set({ ...EMPTY, confused: new Set() });
  },
}));

/**
 * What routing depends on in a graph: everything but where the cards sit. A check's badges stay while
 * this is unchanged (moving a card keeps them; editing a condition, a prompt or a target clears them).
 */
export function routingSignature(
  g: Pick<AgentGraph, 'nodes' | 'global_prompt' | 'snippets' | 'entry_node_id'>,
): string {
  return JSON.stringify([g.entry_node_id, g.global_prompt, g.snippets, g.nodes.map(({ position: _p, ...n }) => n)]);
}
