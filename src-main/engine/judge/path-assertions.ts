import type { AgentGraph, Assertions, CheckResult, NodeVisit } from '../../../src-shared/schemas/index.js';

/**
 * Node path checks: must visit, must not visit, ends at. Nodes are given by id or by unique name; messages
 * name them as the canvas does (the name, with the id in brackets when they differ).
 */

function resolveNode(graph: AgentGraph, ref: string): string {
  if (graph.nodes.some((n) => n.id === ref)) return ref;
  const byName = graph.nodes.filter((n) => n.name === ref);
  return byName.length === 1 ? byName[0].id : ref;
}

export function checkPath(
  graph: AgentGraph,
  visits: NodeVisit[],
  spec: NonNullable<Assertions['path']>,
): CheckResult[] {
  const path = visits.map((v) => v.node);
  const names = new Map(graph.nodes.map((n) => [n.id, n.name || n.id]));
  const named = (id: string) => names.get(id) ?? id;
  const shown = path.map(named).join(' -> ') || '(none)';
  /** `Goodbye (c)`, or the id alone when the node has no other name (or is not in the graph). */
  const label = (id: string) => (named(id) !== id ? `${named(id)} (${id})` : id);
  const out: CheckResult[] = [];
  for (const ref of spec.must_visit) {
    const id = resolveNode(graph, ref);
    const ok = path.includes(id);
    out.push({
      kind: 'must_visit',
      target: ref,
      passed: ok,
      message: ok ? `visited ${label(id)}` : `node ${label(id)} was never visited (path: ${shown})`,
    });
  }
  for (const ref of spec.must_not_visit) {
    const id = resolveNode(graph, ref);
    const at = path.indexOf(id);
    out.push({
      kind: 'must_not_visit',
      target: ref,
      passed: at < 0,
      message:
        at < 0 ? `never visited ${label(id)}` : `node ${label(id)} was visited (visit ${at + 1} of path: ${shown})`,
    });
  }
  if (spec.ends_at !== undefined) {
    const id = resolveNode(graph, spec.ends_at);
    const last = path[path.length - 1];
    out.push({
      kind: 'ends_at',
      target: spec.ends_at,
      passed: last === id,
      message:
        last === id
          ? `ended at ${label(id)}`
          : `ended at ${last ? label(last) : '(nowhere)'}, expected ${label(id)} (path: ${shown})`,
    });
  }
  return out;
}
