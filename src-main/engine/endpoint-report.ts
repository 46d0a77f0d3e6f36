import type { EndpointStatsRecord } from '../../src-shared/schemas/index.js';
import type { EndpointStats } from '../providers/shared/endpoint-pool.js';
import type { ChatModel } from '../providers/types.js';

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
