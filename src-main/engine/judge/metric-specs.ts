import type { AgentGraph, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';

export const DEFAULT_METRIC_THRESHOLD = 0.7;

export interface ResolvedMetric {
  criterion: string;
  threshold: number;
  /** Agent-level (global) metric. */
  global: boolean;
}

/**
 * The metrics judged on a test: the test's own (string or `{criterion, threshold}`) and the agent's
 * enabled global metrics. Threshold: the metric's own, else the test's `metric_threshold`, else the
 * suite's, else 0.7.
 */
export function resolveMetrics(
  test: TestCase,
  graph: AgentGraph,
  suite?: Pick<TestSuite, 'metric_threshold'>,
): ResolvedMetric[] {
  const fallback = test.metric_threshold ?? suite?.metric_threshold ?? DEFAULT_METRIC_THRESHOLD;
  const own = test.metrics.map((m) =>
    typeof m === 'string'
      ? { criterion: m, threshold: fallback, global: false }
      : { criterion: m.criterion, threshold: m.threshold ?? fallback, global: false },
  );
  const global = graph.metrics
    .filter((m) => m.enabled)
    .map((m) => ({ criterion: m.criterion, threshold: m.threshold ?? fallback, global: true }));
  return [...own, ...global];
}
