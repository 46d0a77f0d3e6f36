import type { Result } from '../../../src-shared/schemas/index.js';
import { nodeAtTurn } from './node-at-turn.js';

/**
 * Fills `metrics[].nodes` from `metrics[].turns` where the judge named turns but no nodes
 * (what the engine or `parley evaluate` stores so the app can mark the node on the graph).
 */
export function withMetricNodes(result: Result): Result {
  return {
    ...result,
    metrics: result.metrics.map((m) => {
      if (m.nodes?.length || !m.turns?.length) return m;
      const nodes = [...new Set(m.turns.map((t) => nodeAtTurn(result, t)).filter((n): n is string => !!n))];
      return nodes.length ? { ...m, nodes } : m;
    }),
  };
}
