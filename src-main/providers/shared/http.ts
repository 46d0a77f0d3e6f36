import { ProviderError } from '../types.js';
import { bodyExcerpt, fromNetworkError, providerError, type ErrorContext } from './errors.js';
import { parseRetryAfter } from './retry.js';
import { undiciRequest, type HttpResponse } from './http-transport.js';

export interface FetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Time until the response headers arrive (default 180 s); the body is not timed. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const CONTEXT_PATTERNS =
  /exceeds the available context|context[_ ]length|context window|maximum context|too many tokens|prompt is too long|exceeds? the (model'?s? )?(context|maximum)|n_ctx|context_length_exceeded|reduce the length/i;

export function looksLikeContextOverflow(text: string): boolean {
  return CONTEXT_PATTERNS.test(text);
}

export interface StatusHints {
  /** Where the key came from, e.g. 'the environment variable OPENAI_API_KEY'. Never the key. */
  keySource?: string;
  /** Extra advice for a missing model, e.g. 'run `ollama pull llama3`'. */
  missingModelHint?: string;
}

/** Maps a non-2xx HTTP response to a ProviderError (message names provider, model, URL). */
export function httpStatusError(
  ctx: ErrorContext,
  status: number,
  body: string,
  headers?: { get(name: string): string | null },
  hints: StatusHints = {},
): ProviderError {
  const excerpt = bodyExcerpt(extractErrorMessage(body));
  let err: ProviderError;
  if (status === 401 || status === 403) {
    err = providerError(
      ctx,
      'unauthorized',
      `the server rejected the credentials (${status})${hints.keySource ? `; check ${hints.keySource}` : ''}${excerpt ? ` — ${excerpt}` : ''}`,
    );
  } else if (status === 404 || /model .*not found|model_not_found|does not exist/i.test(excerpt)) {
    err = providerError(
      ctx,
      'model_not_found',
      `model not found (${status})${hints.missingModelHint ? `; ${hints.missingModelHint}` : ''}${excerpt ? ` — ${excerpt}` : ''}`,
    );
  } else if (status === 429) {
    err = providerError(ctx, 'rate_limited', `rate limited (429)${excerpt ? ` — ${excerpt}` : ''}`);
  } else if ((status === 400 || status === 413 || status === 422) && looksLikeContextOverflow(excerpt)) {
    err = providerError(
      ctx,
      'context_overflow',
      `the conversation does not fit the model's context (${status}) — ${excerpt}`,
    );
  } else if (status === 408) {
    err = providerError(ctx, 'timeout', `the server timed out (408)${excerpt ? ` — ${excerpt}` : ''}`);
  } else {
    err = providerError(ctx, 'server_error', `HTTP ${status}${excerpt ? ` — ${excerpt}` : ''}`);
  }
  err.status = status;
  const ra = parseRetryAfter(headers?.get('retry-after'));
  if (ra !== undefined) err.retryAfterMs = ra;
  return err;
}

/** Pulls `error.message` / `error` out of a JSON error body; falls back to the raw text. */
export function extractErrorMessage(body: string): string {
  try {
    const j = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    if (typeof j.error === 'string') return j.error;
    if (j.error && typeof j.error === 'object') {
      const e = j.error as { message?: unknown; code?: unknown };
      if (typeof e.message === 'string') return e.code ? `${e.message} (${String(e.code)})` : e.message;
    }
    if (typeof j.message === 'string') return j.message;
    if (typeof j.detail === 'string') return j.detail;
  } catch {
    /* not JSON */
  }
  return body;
}

/**
 * fetch with a headers timeout (the body may stream for longer), network-error mapping and
 * HTTP-status mapping. Returns an ok Response.
 */
export async function fetchOk(
  ctx: ErrorContext,
  url: string,
  opts: FetchOptions,
  hints?: StatusHints,
): Promise<HttpResponse> {
  if (!opts.fetch) return requestOk(ctx, url, opts, hints);
  const ac = new AbortController();
  const timeoutMs = opts.timeoutMs ?? 180_000;
  const timer = setTimeout(() => ac.abort(new DOMException('headers timeout', 'TimeoutError')), timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, ac.signal]) : ac.signal;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body: opts.body,
      signal,
    });
  } catch (err) {
    const e =
      ac.signal.aborted && !opts.signal?.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : err;
    throw fromNetworkError(ctx, e, opts.signal);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    let body = '';
    try {
      body = await res.text();
    } catch {
      /* ignore */
    }
    throw httpStatusError(ctx, res.status, body, res.headers, hints);
  }
  return res;
}

/** fetchOk over undici's request (the default transport; see http-transport.ts). */
async function requestOk(ctx: ErrorContext, url: string, opts: FetchOptions, hints?: StatusHints) {
  let res: HttpResponse;
  try {
    res = await undiciRequest(url, {
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body: opts.body,
      signal: opts.signal,
      headersTimeoutMs: opts.timeoutMs ?? 180_000,
    });
  } catch (err) {
    throw fromNetworkError(ctx, err, opts.signal);
  }
  if (!res.ok) {
    let body = '';
    try {
      body = await res.text();
    } catch {
      /* ignore */
    }
    throw httpStatusError(ctx, res.status, body, res.headers, hints);
  }
  return res;
}

/** A stop for a body read: at most `maxBytes` raw bytes in all, `onOver()` thrown past it (reply-bounds.ts). */
export interface BodyLimit {
  maxBytes: number;
  onOver: () => Error;
}

/** Reads a body as lines (NDJSON) or SSE `data:` payloads. */
export async function* readLines(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  limit?: BodyLimit,
): AsyncGenerator<string> {
  if (!body) return;
  const decoder = new TextDecoder();
  let buf = '';
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (limit && size > limit.maxBytes) throw limit.onOver(); // leaving the loop closes the body
    buf += decoder.decode(chunk, { stream: true });
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).replace(/\r$/, '');
      buf = buf.slice(i + 1);
      yield line;
    }
  }
  buf += decoder.decode();
  if (buf) yield buf.replace(/\r$/, '');
}

/** Server-sent events: yields each event's joined `data:` payload. */
export async function* readSse(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  limit?: BodyLimit,
): AsyncGenerator<string> {
  let data: string[] = [];
  for await (const line of readLines(body, limit)) {
    if (line === '') {
      if (data.length) yield data.join('\n');
      data = [];
    } else if (line.startsWith('data:')) {
      data.push(line.slice(5).replace(/^ /, ''));
    }
    // comments (":") and other fields (event:, id:, retry:) are ignored
  }
  if (data.length) yield data.join('\n');
}
