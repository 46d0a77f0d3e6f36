/**
 * The HTTP transport of the model providers: undici's `request` on one keep-alive agent. Node's
 * built-in `fetch` costs 3-4x more CPU per request (WHATWG request objects and streams; measured in
 * bench/BENCHMARKS.md, "1,000 conversations on 4 model servers"), which at 64 calls in flight is
 * most of Parley's own CPU. A caller's own `fetch` (tests, the desktop app's proxy settings) is used
 * as given.
 */
import { Agent, request, type Dispatcher } from 'undici';

/** What the providers read from a response: a subset of fetch's Response. */
export interface HttpResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  /** The body as chunks (a WHATWG stream from fetch, a Node stream from undici). */
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export interface TransportRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Until the response headers arrive. */
  headersTimeoutMs: number;
}

let agent: Agent | undefined;

/** One request over the shared keep-alive agent (the body is not timed: replies may stream for long). */
export async function undiciRequest(url: string, o: TransportRequest): Promise<HttpResponse> {
  agent ??= new Agent({ keepAliveTimeout: 4_000, headersTimeout: 0, bodyTimeout: 0 });
  // undici's own headersTimeout ticks in whole seconds: a plain timer keeps short timeouts exact
  const ac = new AbortController();
  const timer = setTimeout(
    () => ac.abort(Object.assign(new Error('headers timeout'), { name: 'TimeoutError' })),
    o.headersTimeoutMs,
  );
  const onAbort = () => ac.abort(o.signal?.reason);
  if (o.signal?.aborted) onAbort();
  else o.signal?.addEventListener('abort', onAbort, { once: true });
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: o.method as 'GET' | 'POST',
      headers: o.headers,
      body: o.body,
      signal: ac.signal,
      dispatcher: agent,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  } catch (err) {
    throw ac.signal.aborted && !o.signal?.aborted
      ? Object.assign(new Error('the request timed out'), { name: 'TimeoutError' })
      : err;
  } finally {
    clearTimeout(timer);
  }
  // a later cancel still stops a streaming body
  if (o.signal && !o.signal.aborted) res.body.once('close', () => o.signal?.removeEventListener('abort', onAbort));
  else o.signal?.removeEventListener('abort', onAbort);
  const header = (name: string): string | null => {
    const v = res.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v);
  };
  return {
    ok: res.statusCode >= 200 && res.statusCode < 300,
    status: res.statusCode,
    headers: { get: header },
    body: res.body,
    json: () => res.body.json(),
    text: () => res.body.text(),
  };
}
