/** The `ollama` package client for one endpoint, with our signal, a headers timeout and error mapping. */
import { Ollama } from 'ollama';
import type { ProviderError } from '../types.js';
import { fromNetworkError, type ErrorContext } from '../shared/errors.js';
import { httpStatusError } from '../shared/http.js';

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

export function defaultOllamaEndpoints(): string[] {
  const env = process.env.OLLAMA_HOST?.trim();
  if (!env) return [DEFAULT_OLLAMA_URL];
  return [env.includes('://') ? env : `http://${env}`];
}

export function normalizeEndpoint(url: string): string {
  return url.replace(/\/+$/, '');
}

export interface ClientOptions {
  signal?: AbortSignal;
  /** Until the response headers arrive (default 300 s: a cold model load can be slow). */
  headersTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Sees every response (e.g. to keep a Retry-After header the package drops). */
  onResponse?: (res: Response) => void;
  /** At most this many raw bytes of a response body; past it the body fails with `onOver()` (reply-bounds.ts). */
  bodyLimit?: { maxBytes: number; onOver: () => Error };
}

/** The response with a body that errors once it passes `limit.maxBytes` (the package then stops reading it). */
function bounded(res: Response, limit: NonNullable<ClientOptions['bodyLimit']>): Response {
  if (!res.body) return res;
  let size = 0;
  const counting = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.length;
      if (size > limit.maxBytes) controller.error(limit.onOver());
      else controller.enqueue(chunk);
    },
  });
  return new Response(res.body.pipeThrough(counting), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

/**
 * A client whose fetch follows the caller's AbortSignal (the package itself only aborts streams)
 * and times out if the server does not answer.
 */
export function ollamaClient(host: string, opts: ClientOptions = {}): Ollama {
  const baseFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.headersTimeoutMs ?? 300_000;
  const customFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(new DOMException('headers timeout', 'TimeoutError')), timeoutMs);
    const signals = [ac.signal, ...(init.signal ? [init.signal] : []), ...(opts.signal ? [opts.signal] : [])];
    try {
      const res = await baseFetch(input, { ...init, signal: AbortSignal.any(signals) });
      opts.onResponse?.(res);
      return opts.bodyLimit && res.ok ? bounded(res, opts.bodyLimit) : res;
    } finally {
      clearTimeout(timer);
    }
  };
  return new Ollama({ host, fetch: customFetch as typeof fetch });
}

/** Maps errors thrown by the `ollama` package (ResponseError, fetch failures) to ProviderErrors. */
export function mapOllamaError(ctx: ErrorContext, err: unknown, signal?: AbortSignal): ProviderError {
  const e = err as { name?: string; status_code?: number; error?: string; message?: string };
  if (e?.name === 'ResponseError' && typeof e.status_code === 'number') {
    const body = JSON.stringify({ error: e.error ?? e.message ?? '' });
    return httpStatusError(ctx, e.status_code, body, undefined, {
      missingModelHint: `run \`ollama pull ${ctx.model}\` on that host`,
    });
  }
  if (e?.name === 'ProviderError') return err as ProviderError;
  if (e?.message && /model .*not found/i.test(e.message)) {
    return httpStatusError(ctx, 404, JSON.stringify({ error: e.message }), undefined, {
      missingModelHint: `run \`ollama pull ${ctx.model}\``,
    });
  }
  return fromNetworkError(ctx, err, signal);
}
