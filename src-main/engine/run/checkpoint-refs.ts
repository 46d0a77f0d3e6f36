import type { AgentGraph, TestCase } from '../../../src-shared/schemas/index.js';
import { PlanError } from './run-plan.js';

/**
 * Checkpoint tests name nodes of the agent (start_node, expect.next_node): a name the graph does not have is
 * refused before anything runs, with the test's path, instead of failing every repeat.
 */
export function checkCheckpointNodes(graph: AgentGraph, tests: { test: TestCase; test_index: number }[]): void {
  const ids = new Set(graph.nodes.map((n) => n.id));
  const known = (ref: string) => ids.has(ref) || graph.nodes.filter((n) => n.name === ref).length === 1;
  const listed = () => [...ids].slice(0, 20).join(', ');
  for (const { test, test_index } of tests) {
    const cp = test.checkpoint;
    if (!cp) continue;
    const at = `tests[${test_index}].checkpoint`;
    if (cp.start_node !== undefined && !ids.has(cp.start_node))
      throw new PlanError(
        `${at}.start_node (test "${test.name}"): "${cp.start_node}" is not a node of the agent (nodes: ${listed()})`,
        `${at}.start_node`,
      );
    const next = cp.expect.next_node;
    if (next !== undefined && !known(next))
      throw new PlanError(
        `${at}.expect.next_node (test "${test.name}"): "${next}" is not a node of the agent (nodes: ${listed()})`,
        `${at}.expect.next_node`,
      );
  }
}
