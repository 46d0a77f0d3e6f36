import type { EndpointStatsRecord } from '../../../src-shared/schemas/index.js';
import type { EndpointStats } from '../../providers/shared/endpoint-pool.js';
import type { ChatModel } from '../../providers/types.js';

const label = (m: ChatModel) => `${m.spec.provider}:${m.spec.model}`;

/**
 * Per-endpoint load and errors of a run's models, counted from the run's start (a model loaded
 * once serves several runs in the app, so its totals are taken as differences).
 */
export class EndpointReport {
  private readonly models: ChatModel[];
  private readonly base = new Map<string, EndpointStats>();

  constructor(models: Iterable<ChatModel>) {
    this.models = [...new Set(models)].filter((m) => typeof m.endpointStats === 'function');
    for (const m of this.models) for (const s of m.endpointStats!()) this.base.set(`${label(m)} ${s.endpoint}`, s);
  }

  /** True when some model of the run is served over HTTP endpoints. */
  get any(): boolean {
    return this.models.length > 0;
  }

  snapshot(): EndpointStatsRecord[] {
    return this.models.flatMap((m) =>
      m.endpointStats!().map((s) => {
        const b = this.base.get(`${label(m)} ${s.endpoint}`);
        const calls = s.calls - (b?.calls ?? 0);
        const latencySum = s.mean_latency_ms * s.calls - (b ? b.mean_latency_ms * b.calls : 0);
        return {
          ...s,
          model: label(m),
          calls,
          errors: s.errors - (b?.errors ?? 0),
          rate_limited: s.rate_limited - (b?.rate_limited ?? 0),
          ejections: s.ejections - (b?.ejections ?? 0),
          prompt_tokens: s.prompt_tokens - (b?.prompt_tokens ?? 0),
          completion_tokens: s.completion_tokens - (b?.completion_tokens ?? 0),
          mean_latency_ms: calls > 0 ? Math.max(0, Math.round(latencySum / calls)) : 0,
          ...(s.last_error && s.last_error !== b?.last_error
            ? { last_error: s.last_error }
            : { last_error: undefined }),
        };
      }),
    );
  }
}

/** One row per (model, endpoint) over several runs (shards of one split): counts added, latency weighted. */
export function mergeEndpointStats(lists: Array<EndpointStatsRecord[] | null | undefined>): EndpointStatsRecord[] {
  const out = new Map<string, EndpointStatsRecord>();
  for (const s of lists.flatMap((l) => l ?? [])) {
    const key = `${s.model} ${s.endpoint}`;
    const m = out.get(key);
    if (!m) {
      out.set(key, { ...s, in_flight: 0, ejected: false });
      continue;
    }
    const calls = m.calls + s.calls;
    out.set(key, {
      ...m,
      calls,
      errors: m.errors + s.errors,
      rate_limited: m.rate_limited + s.rate_limited,
      ejections: m.ejections + s.ejections,
      prompt_tokens: m.prompt_tokens + s.prompt_tokens,
      completion_tokens: m.completion_tokens + s.completion_tokens,
      mean_latency_ms: calls ? Math.round((m.mean_latency_ms * m.calls + s.mean_latency_ms * s.calls) / calls) : 0,
      last_error: s.last_error ?? m.last_error,
    });
  }
  return [...out.values()];
}
