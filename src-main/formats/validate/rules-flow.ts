import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { reachableNodes } from '../shared/graph-reach.js';
import type { Reporter } from './reporter.js';

/** Warnings: nodes the call can never reach, and non-end nodes the call can never leave. */
export function checkFlow(g: AgentGraph, r: Reporter): void {
  const index = new Map(g.nodes.map((n, i) => [n.id, i] as const));
  const reached = reachableNodes(g);
  const entryExists = index.has(g.entry_node_id);
  g.nodes.forEach((n, i) => {
    if (entryExists && !reached.has(n.id)) {
      r.warn(
        `nodes[${i}]`,
        `node ${JSON.stringify(n.id)} cannot be reached from the entry node ${JSON.stringify(g.entry_node_id)}; expected a transition into it or a global entry condition`,
      );
    }
  });

  if (g.nodes.length <= 1) return; // a single-prompt agent ends when the caller hangs up or a tool ends the call
  const endingTools = new Set(
    g.tools.filter((t) => t.kind === 'end_call' || t.kind === 'transfer_call').map((t) => t.name),
  );
  g.nodes.forEach((n, i) => {
    if (n.type === 'end' || n.type === 'transfer' || n.transitions.length) return;
    if (n.global?.go_back_conditions.length) return;
    // Bland goes back from a global node to where the call was by itself (its exporter says so too).
    if (n.global && (g.source.format === 'bland-pathway' || g.source.format === 'bland')) return;
    if (n.type === 'conversation' && (n.tools ?? []).some((name) => endingTools.has(name))) return;
    r.warn(
      `nodes[${i}]`,
      `${n.type} node ${JSON.stringify(n.id)} has no way out: no transitions, and it is not an end or transfer node; expected a transition, an end_call tool on the node, or an end node (otherwise the call stays here until the caller hangs up)`,
    );
  });
}
