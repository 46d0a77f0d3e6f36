import { ProviderError, type EndpointStats } from '../types.js';

export type { EndpointStats } from '../types.js';
import type { EndpointConfig } from './endpoint-config.js';
import { redactUrl } from './redact.js';
import { SlidingWindow } from './sliding-window.js';

/** What an endpoint pool reports per endpoint (a run stores it with its model name). */

const DEFAULT_EJECT_AFTER = 3;
const DEFAULT_PROBE_MS = 2000;
export const MAX_PROBE_MS = 60_000;

export interface EndpointState {
  url: string;
  concurrency: number;
  rpm?: number;
  tpm?: number;
  ejectAfter: number;
  probeBaseMs: number;
  requests: SlidingWindow;
  tokens: SlidingWindow;
  inFlight: number;
  /** Sessions whose conversation started here (spreads first calls). */
  open: number;
  /** Calls dispatched here, for spreading ties in proportion to the limits. */
  dispatched: number;
  /** No call before this time (a Retry-After, or backoff after a 429 without one). */
  coolUntil: number;
  consecutiveFailures: number;
  ejected: boolean;
  /** Probes that failed since the endpoint was taken out. */
  failedProbes: number;
  probeMs: number;
  probeTimer?: NodeJS.Timeout;
  calls: number;
  errors: number;
  rateLimited: number;
  ejections: number;
  latencyMs: number;
  prompt: number;
  completion: number;
  lastError?: string;
}

/** A 429, or a 503 that says when to come back: the endpoint is busy, not broken. */
export function isRateLimit(err: unknown): boolean {
  return (
    err instanceof ProviderError &&
    (err.status === 429 || err.code === 'rate_limited' || (err.status === 503 && err.retryAfterMs !== undefined))
  );
}

/** The endpoint is failing (down, erroring, too slow): counts toward ejection. */
export function isEndpointFailure(err: unknown): boolean {
  if (!(err instanceof ProviderError) || isRateLimit(err)) return false;
  if (err.code === 'connection_refused' || err.code === 'timeout') return true;
  return err.code === 'server_error' && (err.status === undefined || err.status >= 500);
}

/** A fresh endpoint from its configuration (its own limits, else the model's concurrency). */
export function newEndpointState(
  { url, options: o }: EndpointConfig,
  concurrency: number,
  windowMs: number,
): EndpointState {
  return {
    url,
    concurrency: o.concurrency ?? concurrency,
    rpm: o.rpm,
    tpm: o.tpm,
    ejectAfter: o.eject_after ?? DEFAULT_EJECT_AFTER,
    probeBaseMs: o.probe_s !== undefined ? o.probe_s * 1000 : DEFAULT_PROBE_MS,
    requests: new SlidingWindow(windowMs),
    tokens: new SlidingWindow(windowMs),
    inFlight: 0,
    open: 0,
    dispatched: 0,
    coolUntil: 0,
    consecutiveFailures: 0,
    ejected: false,
    failedProbes: 0,
    probeMs: 0,
    calls: 0,
    errors: 0,
    rateLimited: 0,
    ejections: 0,
    latencyMs: 0,
    prompt: 0,
    completion: 0,
  };
}

/** One endpoint's load and errors as the live view and the run record show them (URL redacted). */
export function endpointStats(e: EndpointState): EndpointStats {
  return {
    endpoint: redactUrl(e.url),
    concurrency: e.concurrency,
    ...(e.rpm !== undefined ? { rpm: e.rpm } : {}),
    ...(e.tpm !== undefined ? { tpm: e.tpm } : {}),
    calls: e.calls,
    in_flight: e.inFlight,
    errors: e.errors,
    rate_limited: e.rateLimited,
    ejections: e.ejections,
    ejected: e.ejected,
    mean_latency_ms: e.calls ? Math.round(e.latencyMs / e.calls) : 0,
    prompt_tokens: e.prompt,
    completion_tokens: e.completion,
    ...(e.lastError ? { last_error: e.lastError } : {}),
  };
}
