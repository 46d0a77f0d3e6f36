import type { AgentGraph } from '../../../src-shared/schemas/index.js';

/**
 * Which nodes a call can reach from the entry node: along transitions, and into every global node
 * with an entry condition (enterable from anywhere once the call is running).
 */
export function reachableNodes(g: AgentGraph): Set<string> {
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (id: string) => {
    if (byId.has(id) && !reached.has(id)) {
      reached.add(id);
      queue.push(id);
    }
  };
  visit(g.entry_node_id);
  if (reached.size) for (const n of g.nodes) if (n.global?.entry_conditions.length) visit(n.id);
  while (queue.length) for (const t of byId.get(queue.shift()!)!.transitions) visit(t.target);
  return reached;
}

/**
 * The nodes a call may come from when it arrives at each node: transition sources, every node for a
 * global node (entered from anywhere), and every node for the node a global node goes back to.
 */
export function predecessors(g: AgentGraph): Map<string, Set<string>> {
  const preds = new Map(g.nodes.map((n) => [n.id, new Set<string>()]));
  for (const n of g.nodes) for (const t of n.transitions) preds.get(t.target)?.add(n.id);
  for (const gn of g.nodes) {
    if (gn.global?.entry_conditions.length) for (const n of g.nodes) if (n.id !== gn.id) preds.get(gn.id)!.add(n.id);
    if (gn.global?.go_back_conditions.length) for (const n of g.nodes) if (n.id !== gn.id) preds.get(n.id)!.add(gn.id);
  }
  return preds;
}
