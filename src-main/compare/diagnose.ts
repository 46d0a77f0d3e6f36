import type { MetricResult, Result } from '../../src-shared/schemas/index.js';
import type { MetricDiagnosis } from './types.js';
import { nodeAtTurn } from '../engine/judge/node-at-turn.js';

export { nodeAtTurn };

/** Points one metric at the turns its verdict rests on and the nodes that spoke them. */
export function diagnoseMetric(result: Pick<Result, 'transcript' | 'nodes_visited'>, m: MetricResult): MetricDiagnosis {
  const indexes = (m.turns ?? []).filter((t) => Number.isInteger(t) && t >= 0 && t < result.transcript.length);
  const turns = indexes.map((index) => ({
    index,
    role: result.transcript[index].role,
    node: nodeAtTurn(result, index),
    content: result.transcript[index].content,
  }));
  const fromTurns = turns.map((t) => t.node).filter((n): n is string => !!n);
  const nodes = [...new Set(m.nodes?.length ? m.nodes : fromTurns)];
  return { criterion: m.criterion, score: m.score, threshold: m.threshold, reasoning: m.reasoning, turns, nodes };
}

/** Every failed metric of a result, pointed at turns and nodes. */
export function diagnose(result: Result): MetricDiagnosis[] {
  return result.metrics.filter((m) => !m.passed).map((m) => diagnoseMetric(result, m));
}

export { withMetricNodes } from '../engine/judge/metric-nodes.js';

/** Failed metrics per node across results: which nodes most failures point at. */
export function failuresByNode(results: Result[]): { node: string; failures: number; criteria: string[] }[] {
  const map = new Map<string, { failures: number; criteria: Set<string> }>();
  for (const r of results) {
    for (const d of diagnose(r)) {
      for (const node of d.nodes) {
        const e = map.get(node) ?? { failures: 0, criteria: new Set<string>() };
        e.failures++;
        e.criteria.add(d.criterion);
        map.set(node, e);
      }
    }
  }
  return [...map.entries()]
    .map(([node, e]) => ({ node, failures: e.failures, criteria: [...e.criteria] }))
    .sort((x, y) => y.failures - x.failures || x.node.localeCompare(y.node));
}
