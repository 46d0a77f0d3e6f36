import { checkLatencyBudget, type LatencyBudgetCheck } from './budget.js';
import { runLatency, type RunLatency } from './run-latency.js';
import type { Result, Run } from '../schemas/run.js';

/** A run's latency as reports print it: p50/p95 per figure and the budget checks (docs/latency.md). */
export type RunLatencyReport = RunLatency & {
  /** The run's latency budget checked (empty when the run had none). */
  budget: LatencyBudgetCheck[];
};

/** The run's latency percentiles and its budget checked; undefined when no agent turn recorded a latency. */
export function runLatencyReport(
  run: Pick<Run, 'options'>,
  results: readonly Pick<Result, 'transcript'>[],
): RunLatencyReport | undefined {
  const latency = runLatency(results);
  const budget = checkLatencyBudget(run.options.latency_budget, latency);
  if (!latency.agent_turns && !budget.length) return undefined;
  return { ...latency, budget };
}
