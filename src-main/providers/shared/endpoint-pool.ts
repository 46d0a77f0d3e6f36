import PQueue from 'p-queue';
import type { CallUsage } from '../types.js';
import { redactUrl } from './redact.js';

/** Throughput of one endpoint since the pool was created. */
export interface EndpointStats {
  endpoint: string;
  calls: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Sum of call wall times (ms). */
  call_ms: number;
  /** Time with at least one call in flight (ms): the endpoint's busy time. */
  busy_ms: number;
  /** completion tokens per second of busy time. */
  tokens_per_s: number;
  /** Sessions assigned so far / open now. */
  sessions: number;
  open_sessions: number;
  concurrency: number;
}

interface EndpointState {
  url: string;
  queue: PQueue;
  open: number;
  assigned: number;
  calls: number;
  errors: number;
  prompt: number;
  completion: number;
  callMs: number;
  busyMs: number;
  inFlight: number;
  busySince: number;
}

/**
 * Spreads sessions over several endpoints (least open sessions first) and limits concurrent
 * calls per endpoint. A session keeps its endpoint, so a server-side prompt cache stays warm.
 */
export class EndpointPool {
  private readonly eps: EndpointState[];
  private next = 0;

  constructor(
    endpoints: string[],
    readonly concurrency: number,
  ) {
    if (!endpoints.length) throw new Error('EndpointPool: at least one endpoint is required');
    this.eps = endpoints.map((url) => ({
      url,
      queue: new PQueue({ concurrency }),
      open: 0,
      assigned: 0,
      calls: 0,
      errors: 0,
      prompt: 0,
      completion: 0,
      callMs: 0,
      busyMs: 0,
      inFlight: 0,
      busySince: 0,
    }));
  }

  get endpoints(): string[] {
    return this.eps.map((e) => e.url);
  }

  /** Picks the endpoint with the fewest open sessions (round-robin among ties). */
  assign(): string {
    const n = this.eps.length;
    let best: EndpointState | undefined;
    for (let i = 0; i < n; i++) {
      const e = this.eps[(this.next + i) % n];
      if (!best || e.open < best.open) best = e;
    }
    this.next = (this.eps.indexOf(best!) + 1) % n;
    best!.open++;
    best!.assigned++;
    return best!.url;
  }

  release(url: string): void {
    const e = this.get(url);
    if (e.open > 0) e.open--;
  }

  /** Runs one call on an endpoint, within its concurrency limit, and records its usage. */
  async run<T extends { usage: CallUsage }>(url: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const e = this.get(url);
    return e.queue.add(
      async () => {
        const start = performance.now();
        if (e.inFlight++ === 0) e.busySince = start;
        try {
          const r = await fn();
          e.calls++;
          e.prompt += r.usage.prompt_tokens;
          e.completion += r.usage.completion_tokens;
          return r;
        } catch (err) {
          e.calls++;
          e.errors++;
          throw err;
        } finally {
          const end = performance.now();
          e.callMs += end - start;
          if (--e.inFlight === 0) e.busyMs += end - e.busySince;
        }
      },
      { signal },
    ) as Promise<T>;
  }

  stats(): EndpointStats[] {
    const now = performance.now();
    return this.eps.map((e) => {
      const busy = e.busyMs + (e.inFlight > 0 ? now - e.busySince : 0);
      return {
        endpoint: redactUrl(e.url),
        calls: e.calls,
        errors: e.errors,
        prompt_tokens: e.prompt,
        completion_tokens: e.completion,
        call_ms: Math.round(e.callMs),
        busy_ms: Math.round(busy),
        tokens_per_s: busy > 0 ? Math.round((e.completion / busy) * 1000 * 10) / 10 : 0,
        sessions: e.assigned,
        open_sessions: e.open,
        concurrency: this.concurrency,
      };
    });
  }

  private get(url: string): EndpointState {
    const e = this.eps.find((x) => x.url === url);
    if (!e) throw new Error(`EndpointPool: unknown endpoint ${redactUrl(url)}`);
    return e;
  }
}
