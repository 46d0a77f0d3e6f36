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

/** The path a conversation took, and how its nodes are named in messages. */
function pathOf(graph: AgentGraph, visits: NodeVisit[]) {
  const path = visits.map((v) => v.node);
  const names = new Map(graph.nodes.map((n) => [n.id, n.name || n.id]));
  const named = (id: string) => names.get(id) ?? id;
  return {
    path,
    shown: path.map(named).join(' -> ') || '(none)',
    /** `Goodbye (c)`, or the id alone when the node has no other name (or is not in the graph). */
    label: (id: string) => (named(id) !== id ? `${named(id)} (${id})` : id),
    resolve: (ref: string) => resolveNode(graph, ref),
  };
}

export function checkMustVisit(graph: AgentGraph, visits: NodeVisit[], refs: string[]): CheckResult[] {
  const { path, shown, label, resolve } = pathOf(graph, visits);
  return refs.map((ref) => {
    const id = resolve(ref);
    const ok = path.includes(id);
    return {
      kind: 'must_visit',
      target: ref,
      passed: ok,
      message: ok ? `visited ${label(id)}` : `node ${label(id)} was never visited (path: ${shown})`,
    };
  });
}

export function checkMustNotVisit(graph: AgentGraph, visits: NodeVisit[], refs: string[]): CheckResult[] {
  const { path, shown, label, resolve } = pathOf(graph, visits);
  return refs.map((ref) => {
    const id = resolve(ref);
    const at = path.indexOf(id);
    return {
      kind: 'must_not_visit',
      target: ref,
      passed: at < 0,
      message:
        at < 0 ? `never visited ${label(id)}` : `node ${label(id)} was visited (visit ${at + 1} of path: ${shown})`,
    };
  });
}

export function checkEndsAt(graph: AgentGraph, visits: NodeVisit[], ref: string): CheckResult {
  const { path, shown, label, resolve } = pathOf(graph, visits);
  const id = resolve(ref);
  const last = path[path.length - 1];
  return {
    kind: 'ends_at',
    target: ref,
    passed: last === id,
    message:
      last === id
        ? `ended at ${label(id)}`
        : `ended at ${last ? label(last) : '(nowhere)'}, expected ${label(id)} (path: ${shown})`,
  };
}

/** The three path checks of one `assertions.path`, in that order. */
export function checkPath(
  graph: AgentGraph,
  visits: NodeVisit[],
  spec: NonNullable<Assertions['path']>,
): CheckResult[] {
  return [
    ...checkMustVisit(graph, visits, spec.must_visit),
    ...checkMustNotVisit(graph, visits, spec.must_not_visit),
    ...(spec.ends_at !== undefined ? [checkEndsAt(graph, visits, spec.ends_at)] : []),
  ];
}
