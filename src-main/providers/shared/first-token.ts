import type { CallUsage } from '../types.js';

/**
 * `usage` with `first_token_ms` set from the call's start (`t0`) and the moment its first output arrived
 * (`firstAt`, both performance.now()); unchanged when nothing was streamed. See docs/latency.md.
 */
export function withFirstToken(usage: CallUsage, t0: number, firstAt: number | undefined): CallUsage {
  if (firstAt === undefined) return usage;
  return { ...usage, first_token_ms: Math.max(0, Math.min(firstAt - t0, usage.wall_ms)) };
}
