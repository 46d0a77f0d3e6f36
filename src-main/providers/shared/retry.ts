import { ProviderError } from '../types.js';
import { isRetryable } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First backoff delay in ms (default 500). */
  baseMs?: number;
  /** Cap for one delay in ms (default 8000). */
  maxMs?: number;
  /** Longest Retry-After we honour, in ms (default 60000). Longer requests fail right away. */
  maxRetryAfterMs?: number;
  /** 0..1 random spread on each delay (default 0.2). */
  jitter?: number;
  signal?: AbortSignal;
  /** Defaults to isRetryable (429, 5xx, timeouts, connection resets). */
  shouldRetry?: (err: unknown, attempt: number) => boolean;
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
  /** For tests. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Exponential backoff delay for attempt n (1-based), honouring a server Retry-After. */
export function backoffDelay(attempt: number, opts: RetryOptions = {}, retryAfterMs?: number): number {
  const base = opts.baseMs ?? 500;
  const max = opts.maxMs ?? 8000;
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return retryAfterMs;
  const exp = Math.min(max, base * 2 ** (attempt - 1));
  const jitter = opts.jitter ?? 0.2;
  const r = (opts.random ?? Math.random)();
  return Math.max(0, Math.round(exp * (1 - jitter + 2 * jitter * r)));
}

/** Parses a Retry-After header: seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, t - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs fn with bounded retries and exponential backoff. The last error is rethrown. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const retries = opts.retries ?? 3;
  const shouldRetry = opts.shouldRetry ?? ((e: unknown) => isRetryable(e));
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  const doSleep = opts.sleep ?? sleep;
  for (let attempt = 1; ; attempt++) {
    opts.signal?.throwIfAborted();
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt > retries || opts.signal?.aborted || !shouldRetry(err, attempt)) throw err;
      const retryAfter = err instanceof ProviderError ? err.retryAfterMs : undefined;
      if (retryAfter !== undefined && retryAfter > maxRetryAfter) throw err;
      const delay = backoffDelay(attempt, opts, retryAfter);
      opts.onRetry?.(err, attempt, delay);
      await doSleep(delay, opts.signal);
    }
  }
}
