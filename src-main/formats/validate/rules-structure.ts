import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import type { UnattachedGlobalEdge } from '../types.js';
import { listIds, type Reporter } from './reporter.js';

/** Errors: duplicate node ids, a missing entry node, transitions to missing nodes, global edges to non-global nodes. */
export function checkStructure(g: AgentGraph, r: Reporter, unattached: readonly UnattachedGlobalEdge[] = []): void {
  const firstIndex = new Map<string, number>();
  g.nodes.forEach((n, i) => {
    const first = firstIndex.get(n.id);
    if (first === undefined) firstIndex.set(n.id, i);
    else
      r.error(
        `nodes[${i}].id`,
        `duplicate node id ${JSON.stringify(n.id)} (also the id of the node at ${r.where(`nodes[${first}]`)}); expected every node id to be unique`,
      );
  });
  const ids = [...firstIndex.keys()];

  if (!firstIndex.has(g.entry_node_id)) {
    r.error(
      'entry_node_id',
      `entry node ${JSON.stringify(g.entry_node_id)} does not exist; expected the id of one of the nodes: ${listIds(ids)}`,
    );
  }

  g.nodes.forEach((n, i) => {
    n.transitions.forEach((t, j) => {
      if (!firstIndex.has(t.target)) {
        r.error(
          `nodes[${i}].transitions[${j}].target`,
          `transition ${JSON.stringify(t.id)} of node ${JSON.stringify(n.id)} goes to node ${JSON.stringify(t.target)}, which does not exist; expected one of: ${listIds(ids)}`,
        );
      }
    });
  });

  for (const e of unattached) {
    if (!e.targetExists) {
      r.errorAtSource(
        e.sourcePath,
        `global edge ${JSON.stringify(e.id)} goes to node ${JSON.stringify(e.target)}, which does not exist; expected the id of a global node`,
      );
    } else {
      r.errorAtSource(
        e.sourcePath,
        `global edge ${JSON.stringify(e.id)} goes to node ${JSON.stringify(e.target)}, which is not a global node; expected a node marked global (isGlobal: true)`,
      );
    }
  }
}

/** Warnings: a function node whose tool is not among the graph's tools. */
export function checkTools(g: AgentGraph, r: Reporter): void {
  const names = g.tools.map((t) => t.name);
  g.nodes.forEach((n, i) => {
    if (n.type === 'function' && !names.includes(n.tool)) {
      r.warn(
        `nodes[${i}].tool`,
        `function node ${JSON.stringify(n.id)} calls tool ${JSON.stringify(n.tool)}, which is not defined in tools; expected one of: ${listIds(names)} (a test can still mock it by name)`,
      );
    }
    if (n.type === 'conversation') {
      (n.tools ?? []).forEach((name, k) => {
        if (!names.includes(name))
          r.warn(
            `nodes[${i}].tools[${k}]`,
            `node ${JSON.stringify(n.id)} lists tool ${JSON.stringify(name)}, which is not defined in tools; expected one of: ${listIds(names)}`,
          );
      });
    }
  });
}
