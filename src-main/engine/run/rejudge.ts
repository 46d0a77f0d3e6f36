import type { MetricResult, Result } from '../../../src-shared/schemas/index.js';
import type { ChatModel } from '../../providers/types.js';
import { judgeMetrics } from '../judge/llm-judge.js';
import type { ResolvedMetric } from '../judge/metric-specs.js';
import type { EngineLimits } from '../limits.js';
import { ModelCalls } from '../model-io/model-calls.js';

/**
 * Judges one stored conversation's LLM metrics again with the engine's judge (the same prompt,
 * schema and one-call-for-all-metrics as a run), for `parley rejudge`: the criteria and thresholds
 * are the ones the original verdicts were made with. Nothing is stored here.
 */

/** The metrics a stored result was judged on, as the judge takes them. */
export const metricsOf = (r: Pick<Result, 'metrics'>): ResolvedMetric[] =>
  r.metrics.map((m) => ({ criterion: m.criterion, threshold: m.threshold, global: m.global ?? false }));

function notHere(role: string): ChatModel {
  const fail = async (): Promise<never> => {
    throw new Error(`re-judging uses no ${role} model`);
  };
  return {
    spec: { provider: 'scripted', model: `no-${role}`, params: {} },
    maxParallel: 1,
    identity: fail,
    openSession: fail,
    close: async () => {},
  };
}

export interface Rejudged {
  metrics: MetricResult[];
  /** The judge call failed: a readable reason (the verdicts are missing). */
  error: string | null;
  tokens: { prompt: number; cached_prompt: number; completion: number };
}

export async function rejudgeConversation(
  judge: ChatModel,
  result: Pick<Result, 'metrics' | 'transcript'>,
  o: { signal?: AbortSignal; limits?: Partial<EngineLimits> } = {},
): Promise<Rejudged> {
  const calls = new ModelCalls({ agent: notHere('agent'), caller: notHere('caller'), judge }, o.signal);
  try {
    const metrics = await judgeMetrics(calls, result.transcript, metricsOf(result), { limits: o.limits });
    return { metrics, error: null, tokens: calls.totals() };
  } catch (e) {
    if (o.signal?.aborted) throw e;
    return { metrics: [], error: `judging failed: ${(e as Error).message}`, tokens: calls.totals() };
  } finally {
    await calls.disposeAll();
  }
}
