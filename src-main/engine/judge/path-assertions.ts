import type { AgentGraph, Assertions, CheckResult, NodeVisit } from '../../../src-shared/schemas/index.js';

/** Node path checks: must visit, must not visit, ends at. Nodes are named by id or by unique name. */

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
  const shown = path.join(' -> ') || '(none)';
  const out: CheckResult[] = [];
  for (const ref of spec.must_visit) {
    const id = resolveNode(graph, ref);
    const ok = path.includes(id);
    out.push({
      kind: 'must_visit',
      target: ref,
      passed: ok,
      message: ok ? `visited ${id}` : `node ${id} was never visited (path: ${shown})`,
    });
  }
  for (const ref of spec.must_not_visit) {
    const id = resolveNode(graph, ref);
    const at = path.indexOf(id);
    out.push({
      kind: 'must_not_visit',
      target: ref,
      passed: at < 0,
      message: at < 0 ? `never visited ${id}` : `node ${id} was visited (visit ${at + 1} of path: ${shown})`,
    });
  }
  if (spec.ends_at !== undefined) {
    const id = resolveNode(graph, spec.ends_at);
    const last = path[path.length - 1];
    out.push({
      kind: 'ends_at',
      target: spec.ends_at,
      passed: last === id,
      message: last === id ? `ended at ${id}` : `ended at ${last ?? '(nowhere)'}, expected ${id} (path: ${shown})`,
    });
  }
  return out;
}
