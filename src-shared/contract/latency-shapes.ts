import { z } from 'zod';

const num = z.number().nullable();

/** A run's headline latency figures (ms, nearest-rank percentiles over its agent turns; null when not recorded). */
export const LatencyFigures = z.object({
  /** Agent turns with a latency. */
  turns: z.number(),
  p50_response_ms: num,
  p95_response_ms: num,
  p50_first_token_ms: num,
  p95_first_token_ms: num,
  p50_full_reply_ms: num,
  p95_full_reply_ms: num,
  p95_routing_ms: num,
});
export type LatencyFigures = z.infer<typeof LatencyFigures>;

/** The headline figures compare shows, in order, with their labels (CLI and page). */
export const LATENCY_COMPARE_ROWS: [Exclude<keyof LatencyFigures, 'turns'>, string][] = [
  ['p50_response_ms', 'p50 response'],
  ['p95_response_ms', 'p95 response'],
  ['p50_first_token_ms', 'p50 first token'],
  ['p95_first_token_ms', 'p95 first token'],
  ['p95_full_reply_ms', 'p95 full reply'],
  ['p95_routing_ms', 'p95 routing'],
];

/** B minus A per figure (negative: B is faster); null when either side lacks it. */
export const LatencyDelta = LatencyFigures.omit({ turns: true });
export type LatencyDelta = z.infer<typeof LatencyDelta>;

/** N-way compare: the runs ranked by p95 response (fastest first; runs without latency last, rank null). */
export const LatencyRankRow = LatencyFigures.extend({
  run: z.string(),
  model: z.string(),
  rank: z.number().nullable(),
});
export type LatencyRankRow = z.infer<typeof LatencyRankRow>;
