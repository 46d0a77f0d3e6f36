import type { CallUsage } from '../types.js';
import { ProviderError } from '../types.js';
import type { EndpointConfig } from './endpoint-config.js';
import { isRetryable, providerError, type ErrorContext } from './errors.js';
import { redact, redactUrl } from './redact.js';
import { backoffDelay, sleep, type RetryOptions } from './retry.js';
import {
  endpointStats,
  isEndpointFailure,
  isRateLimit,
  MAX_PROBE_MS,
  newEndpointState,
  type EndpointState,
  type EndpointStats,
} from './endpoint-state.js';

export type { EndpointStats } from './endpoint-state.js';

export interface EndpointPoolOptions {
  /** Calls at once per endpoint when its options do not say. */
  concurrency: number;
  /** Names the model in errors. */
  context: ErrorContext;
  /** A cheap request proving an ejected endpoint is back (GET /models, /api/version). */
  probe?: (url: string, signal: AbortSignal) => Promise<void>;
  retry?: RetryOptions;
  /** Length of the rpm/tpm window (60 s; shorter only in tests). */
  windowMs?: number;
}

export interface CallOptions {
  /** The endpoint the conversation used last (kept while it is at most one call busier than the least loaded). */
  prefer?: string;
  signal?: AbortSignal;
  /** False once a retry would repeat streamed text. */
  canRetry?: () => boolean;
}

interface Waiter {
  prefer?: string;
  avoid?: EndpointState;
  resolve: (e: EndpointState) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * The endpoints of one model. Each call goes to the least loaded endpoint that may take it now
 * (calls in flight / its concurrency; under its requests- and tokens-per-minute limits; not
 * cooling down after a 429/503 with Retry-After; not ejected), else waits for one. A conversation
 * stays on its previous endpoint while that is at most one call busier than the least loaded, so a
 * server's prompt cache stays warm. After `eject_after` consecutive failures an endpoint is taken
 * out and probed with backoff (2 s, 4 s, ... 60 s) until a probe succeeds; when every endpoint is
 * out, calls wait for the first probes and fail plainly once each endpoint has failed one. Failed
 * calls are retried (on another endpoint when one is free) with the model's retry options.
 */
export class EndpointPool {
  private readonly eps: EndpointState[];
  private readonly waiters: Waiter[] = [];
  private wakeTimer?: NodeJS.Timeout;
  private wakeAt = Infinity;
  private closed = false;
  private readonly probeAbort = new AbortController();

  constructor(
    endpoints: EndpointConfig[],
    private readonly opts: EndpointPoolOptions,
  ) {
    if (!endpoints.length) throw new Error('EndpointPool: at least one endpoint is required');
    const windowMs = opts.windowMs ?? 60_000;
    this.eps = endpoints.map((e) => newEndpointState(e, opts.concurrency, windowMs));
  }

  get endpoints(): string[] {
    return this.eps.map((e) => e.url);
  }

  /** Calls at once over all endpoints. */
  get capacity(): number {
    return this.eps.reduce((n, e) => n + e.concurrency, 0);
  }

  /** The endpoint a new conversation starts on: fewest open conversations per slot. */
  assign(): string {
    let best = this.eps[0];
    for (const e of this.eps) if (e.open / e.concurrency < best.open / best.concurrency) best = e;
    best.open++;
    return best.url;
  }

  release(url: string): void {
    const e = this.eps.find((x) => x.url === url);
    if (e && e.open > 0) e.open--;
  }

  /**
   * Runs one call: picks an endpoint, runs `fn` on it, records the outcome, and retries retryable
   * failures (rate limits wait for the endpoint's Retry-After or go to another endpoint).
   */
  async call<T extends { usage: CallUsage }>(fn: (url: string) => Promise<T>, o: CallOptions = {}): Promise<T> {
    const retry = this.opts.retry ?? {};
    const retries = retry.retries ?? 3;
    const maxRetryAfter = retry.maxRetryAfterMs ?? 60_000;
    const doSleep = retry.sleep ?? sleep;
    let avoid: EndpointState | undefined;
    let previous: unknown;
    for (let attempt = 1; ; attempt++) {
      o.signal?.throwIfAborted();
      let ep: EndpointState;
      try {
        ep = await this.acquire(o.prefer, avoid, o.signal);
      } catch (err) {
        // this call's own failure says more than "every endpoint is out"
        throw previous ?? err;
      }
      const start = performance.now();
      try {
        const r = await fn(ep.url);
        this.finish(ep, start, r.usage);
        return r;
      } catch (err) {
        this.finish(ep, start, (err as ProviderError)?.usage, err);
        previous = err;
        const retryAfter = err instanceof ProviderError ? err.retryAfterMs : undefined;
        if (
          attempt > retries ||
          o.signal?.aborted ||
          !(o.canRetry?.() ?? true) ||
          !(isRetryable(err) || (isEndpointFailure(err) && this.anyOtherUsable(ep))) ||
          (retryAfter !== undefined && retryAfter > maxRetryAfter)
        )
          throw err;
        retry.onRetry?.(err, attempt, retryAfter ?? 0);
        if (isRateLimit(err)) {
          // the endpoint waits; the call goes wherever is free first (maybe this endpoint, once cooled)
          ep.coolUntil = Math.max(ep.coolUntil, Date.now() + (retryAfter ?? backoffDelay(attempt, retry)));
          this.pump();
          avoid = undefined;
          continue;
        }
        avoid = ep;
        // another endpoint free now: go there at once; else back off first
        const other = this.pick(o.prefer, ep, Date.now());
        if (!other || other === ep) await doSleep(backoffDelay(attempt, retry), o.signal);
      }
    }
  }

  stats(): EndpointStats[] {
    return this.eps.map(endpointStats);
  }

  /** Stops probes and timers; waiting calls fail. */
  close(): void {
    this.closed = true;
    this.probeAbort.abort();
    for (const e of this.eps) clearTimeout(e.probeTimer);
    clearTimeout(this.wakeTimer);
    const err = providerError(this.opts.context, 'cancelled', 'the model was closed');
    for (const w of this.waiters.splice(0)) this.settle(w, err);
  }

  private anyOtherUsable(ep: EndpointState): boolean {
    return this.eps.some((e) => e !== ep && !e.ejected);
  }

  private finish(ep: EndpointState, start: number, usage: CallUsage | undefined, err?: unknown): void {
    ep.inFlight--;
    ep.calls++;
    ep.latencyMs += performance.now() - start;
    if (usage) {
      ep.prompt += usage.prompt_tokens;
      ep.completion += usage.completion_tokens;
      if (ep.tpm) ep.tokens.add(Date.now(), usage.prompt_tokens + usage.completion_tokens);
    }
    if (err === undefined) {
      ep.consecutiveFailures = 0;
    } else if (!(err instanceof ProviderError && err.code === 'cancelled')) {
      ep.errors++;
      ep.lastError = redact(err instanceof Error ? err.message : String(err));
      if (isRateLimit(err)) ep.rateLimited++;
      else if (isEndpointFailure(err) && ++ep.consecutiveFailures >= ep.ejectAfter && !ep.ejected) this.eject(ep);
    }
    this.pump();
  }

  private eject(ep: EndpointState): void {
    ep.ejected = true;
    ep.failedProbes = 0;
    ep.ejections++;
    ep.probeMs = ep.probeBaseMs;
    this.scheduleProbe(ep);
    // calls waiting for an endpoint fail now if none is left
    this.pump();
  }

  private scheduleProbe(ep: EndpointState): void {
    if (this.closed) return;
    clearTimeout(ep.probeTimer);
    ep.probeTimer = setTimeout(() => void this.runProbe(ep), ep.probeMs);
    this.holdProbes();
  }

  /**
   * Probe timers keep the process alive only while calls wait on them (every endpoint out): an idle
   * model never holds a CLI open, and a command whose server is down waits for the probes and then
   * fails plainly instead of exiting with an unsettled promise.
   */
  private holdProbes(): void {
    const hold = this.waiters.length > 0 && this.eps.every((e) => e.ejected);
    for (const e of this.eps) {
      if (hold) e.probeTimer?.ref?.();
      else e.probeTimer?.unref?.();
    }
  }

  private async runProbe(ep: EndpointState): Promise<void> {
    if (this.closed || !ep.ejected) return;
    try {
      if (this.opts.probe) await this.opts.probe(ep.url, this.probeAbort.signal);
    } catch (err) {
      if (this.closed) return;
      ep.lastError = redact(err instanceof Error ? err.message : String(err));
      ep.failedProbes++;
      ep.probeMs = Math.min(MAX_PROBE_MS, ep.probeMs * 2);
      this.scheduleProbe(ep);
      this.pump();
      return;
    }
    ep.ejected = false;
    ep.consecutiveFailures = 0;
    this.pump();
  }

  /** Load of an endpoint: calls in flight per slot. */
  private load(e: EndpointState): number {
    return e.inFlight / e.concurrency;
  }

  private ready(e: EndpointState, now: number): boolean {
    return (
      !e.ejected &&
      e.inFlight < e.concurrency &&
      now >= e.coolUntil &&
      (e.rpm === undefined || e.requests.sum(now) < e.rpm) &&
      (e.tpm === undefined || e.tokens.sum(now) < e.tpm)
    );
  }

  /** The endpoint for a call now, or undefined when none may take it. */
  private pick(prefer: string | undefined, avoid: EndpointState | undefined, now: number): EndpointState | undefined {
    let ready = this.eps.filter((e) => this.ready(e, now));
    if (avoid && ready.some((e) => e !== avoid)) ready = ready.filter((e) => e !== avoid);
    if (!ready.length) return undefined;
    let best = ready[0];
    for (const e of ready) {
      const d = this.load(e) - this.load(best);
      if (d < 0 || (d === 0 && e.dispatched / e.concurrency < best.dispatched / best.concurrency)) best = e;
    }
    const own = prefer !== undefined ? ready.find((e) => e.url === prefer) : undefined;
    // affinity: the conversation's endpoint when it is at most one call busier than the least loaded
    if (own && own !== best && this.load(own) - this.load(best) <= 1 / own.concurrency + 1e-9) return own;
    return best;
  }

  private acquire(prefer: string | undefined, avoid: EndpointState | undefined, signal?: AbortSignal) {
    return new Promise<EndpointState>((resolve, reject) => {
      const w: Waiter = { prefer, avoid, resolve, reject, signal };
      if (signal) {
        w.onAbort = () => {
          const i = this.waiters.indexOf(w);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(providerError(this.opts.context, 'cancelled', 'the call was cancelled'));
        };
        signal.addEventListener('abort', w.onAbort, { once: true });
      }
      this.waiters.push(w);
      this.pump();
    });
  }

  private settle(w: Waiter, value: EndpointState | unknown): void {
    if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
    if (value && typeof value === 'object' && 'url' in value) w.resolve(value as EndpointState);
    else w.reject(value);
  }

  /** Hands free endpoints to waiting calls in order; sets a timer for the next time-based opening. */
  private pump(): void {
    if (this.closed) return;
    if (this.waiters.length && this.eps.every((e) => e.ejected)) {
      // a stall (every endpoint failing at once) waits for the first probes; endpoints that are
      // still down after a probe fail the calls at once
      if (this.eps.every((e) => e.failedProbes > 0)) {
        const err = this.allOutError();
        for (const w of this.waiters.splice(0)) this.settle(w, err);
      }
      this.holdProbes();
      return;
    }
    const now = Date.now();
    while (this.waiters.length) {
      const w = this.waiters[0];
      const ep = this.pick(w.prefer, w.avoid, now);
      if (!ep) break;
      this.waiters.shift();
      ep.inFlight++;
      ep.dispatched++;
      ep.requests.add(now);
      this.settle(w, ep);
    }
    this.holdProbes();
    if (this.waiters.length) this.scheduleWake(now);
  }

  /** The earliest time a cooling or rate-limited (not full, not ejected) endpoint opens again. */
  private scheduleWake(now: number): void {
    let at = Infinity;
    for (const e of this.eps) {
      if (e.ejected || e.inFlight >= e.concurrency) continue;
      let t = Math.max(now, e.coolUntil);
      if (e.rpm !== undefined && e.requests.sum(now) >= e.rpm) t = Math.max(t, e.requests.nextExpiry(now) ?? now);
      if (e.tpm !== undefined && e.tokens.sum(now) >= e.tpm) t = Math.max(t, e.tokens.nextExpiry(now) ?? now);
      at = Math.min(at, t);
    }
    if (at === Infinity || at >= this.wakeAt) return;
    clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeAt = Infinity;
        this.pump();
      },
      Math.max(1, at - now),
    );
  }

  private allOutError(): ProviderError {
    const parts = this.eps.map((e) => `${redactUrl(e.url)} (${e.lastError ?? 'failing'})`);
    const next = Math.min(...this.eps.map((e) => e.probeMs));
    const lastCode = this.eps.map((e) => e.lastError).some((m) => m && /connection refused|host not found/i.test(m))
      ? 'connection_refused'
      : 'server_error';
    const err = providerError(
      { ...this.opts.context, where: undefined },
      lastCode,
      `every endpoint is out after repeated failures, probing again within ${Math.round(next / 1000)} s: ${parts.join('; ')}`,
    );
    return err;
  }
}
