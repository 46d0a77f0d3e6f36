import { z } from 'zod';

const ms = (what: string) =>
  z
    .number({ error: `expected a number of milliseconds (${what})` })
    .positive(`expected a positive number of milliseconds (${what})`)
    .optional();

/**
 * A suite's latency budget (docs/latency.md): the run's percentiles of its agent turns must stay at or under these
 * figures. A run over budget fails the run-level check "latency budget" (`parley run` exits 1), its conversations
 * keep their own verdicts.
 */
export const LatencyBudget = z
  .object({
    /** What the caller waits after they stop speaking (stt + routing + first token + tts first audio). */
    p50_response_ms: ms('median response time of the agent turns'),
    p95_response_ms: ms('95th percentile response time of the agent turns'),
    /** From the start of the reply call(s) to the first token of the spoken reply. */
    p50_first_token_ms: ms('median time to first token'),
    p95_first_token_ms: ms('95th percentile time to first token'),
    p50_full_reply_ms: ms('median time to the full reply'),
    p95_full_reply_ms: ms('95th percentile time to the full reply'),
    p50_routing_ms: ms('median routing time'),
    p95_routing_ms: ms('95th percentile routing time'),
  })
  .strict();
export type LatencyBudget = z.infer<typeof LatencyBudget>;

export const LATENCY_BUDGET_KEYS = Object.keys(LatencyBudget.shape) as (keyof LatencyBudget)[];
