import type { LatencyDelta, LatencyFigures, LatencyRankRow } from '../../src-shared/contract/latency-shapes.js';
import { runLatency } from '../../src-shared/latency/run-latency.js';
import type { Result } from '../../src-shared/schemas/run.js';

/** The headline latency figures of a run's results (docs/latency.md). Pure. */
export function latencyFigures(results: readonly Pick<Result, 'transcript'>[]): LatencyFigures {
  const l = runLatency(results);
  return {
    turns: l.agent_turns,
    p50_response_ms: l.response_ms?.p50 ?? null,
    p95_response_ms: l.response_ms?.p95 ?? null,
    p50_first_token_ms: l.first_token_ms?.p50 ?? null,
    p95_first_token_ms: l.first_token_ms?.p95 ?? null,
    p50_full_reply_ms: l.full_reply_ms?.p50 ?? null,
    p95_full_reply_ms: l.full_reply_ms?.p95 ?? null,
    p95_routing_ms: l.routing_ms?.p95 ?? null,
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** B minus A per latency figure (negative: B is faster). */
export function latencyDelta(a: LatencyFigures, b: LatencyFigures): LatencyDelta {
  const out = {} as LatencyDelta;
  for (const k of Object.keys(a) as (keyof LatencyFigures)[]) {
    if (k === 'turns') continue;
    const x = a[k];
    const y = b[k];
    out[k] = x !== null && y !== null ? round1(y - x) : null;
  }
  return out;
}

/** Runs ranked by p95 response, then p50 response (fastest first); runs without a response figure last, rank null. */
export function rankByLatency(runs: { run: string; model: string; latency: LatencyFigures }[]): LatencyRankRow[] {
  const key = (f: LatencyFigures) => [f.p95_response_ms ?? Infinity, f.p50_response_ms ?? Infinity];
  const sorted = [...runs].sort((x, y) => {
    const [a1, a2] = key(x.latency);
    const [b1, b2] = key(y.latency);
    return a1 - b1 || a2 - b2;
  });
  return sorted.map((r, i) => ({
    ...r.latency,
    run: r.run,
    model: r.model,
    rank: r.latency.p95_response_ms === null ? null : i + 1,
  }));
}
