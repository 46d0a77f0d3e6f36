import type { AgentGraph, CheckResult, MetricResult, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';
import type { ConversationOutcome } from '../conversation/types.js';
import type { EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { judgeMetrics } from './llm-judge.js';
import { resolveMetrics } from './metric-specs.js';
import { runPatternBudget } from './pattern-rules.js';
import { checkConversation } from './run-checks.js';
import { judgeRepeatedly } from './repeat-judge.js';

export { resolveMetrics, DEFAULT_METRIC_THRESHOLD, type ResolvedMetric } from './metric-specs.js';
export { judgeMetrics, type JudgeOptions } from './llm-judge.js';
export { checkSubstrings } from './substring-rules.js';
export { checkPatterns } from './pattern-rules.js';
export { checkToolCalls, checkUnmocked } from './tool-assertions.js';
export { checkPath } from './path-assertions.js';

export interface Verdicts {
  metrics: MetricResult[];
  rules: CheckResult[];
  assertions: CheckResult[];
}

/** The deterministic checks (rules and assertions, through the table of check-kinds.ts), no model call. */
export async function checkTranscript(
  graph: AgentGraph,
  test: TestCase,
  conv: ConversationOutcome,
  patternTimeoutMs?: number,
): Promise<Omit<Verdicts, 'metrics'>> {
  return checkConversation(
    {
      graph,
      transcript: conv.transcript,
      toolCalls: conv.toolCalls,
      visits: conv.visits,
      patternTimeoutMs,
      patternBudget: runPatternBudget(graph),
    },
    test,
  );
}

/** Rules, assertions, then the LLM metrics (test metrics + the agent's enabled global metrics). */
export async function judgeConversation(opts: {
  graph: AgentGraph;
  test: TestCase;
  suite?: Pick<TestSuite, 'metric_threshold'>;
  conv: ConversationOutcome;
  calls: ModelCalls;
  limits?: Partial<EngineLimits>;
  combined?: boolean;
  patternTimeoutMs?: number;
  /** Run option judge_repeats: judge this many times and keep the majority verdict (repeat-judge.ts). */
  repeats?: number;
}): Promise<Verdicts> {
  const { rules, assertions } = await checkTranscript(opts.graph, opts.test, opts.conv, opts.patternTimeoutMs);
  const metrics = await judgeRepeatedly(opts.repeats ?? 1, () =>
    judgeMetrics(opts.calls, opts.conv.transcript, resolveMetrics(opts.test, opts.graph, opts.suite), {
      twoStep: opts.test.two_step_judge,
      combined: opts.combined,
      limits: opts.limits,
    }),
  );
  return { metrics, rules, assertions };
}
