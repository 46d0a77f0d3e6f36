/**
 * A loopback HTTP proxy in front of llama-server that records, per chat completion, which role sent
 * it (by its leading system message) and the server's own counts for it: `timings.prompt_n` (prompt
 * tokens evaluated), `timings.cache_n` (served from the prompt cache) and `timings.predicted_n`
 * (generated). Works for plain JSON answers and SSE streams (the last chunk carries the timings).
 */
import http from 'node:http';
import type net from 'node:net';

export interface CountedCall {
  role: string;
  evaluated: number;
  cached: number;
  generated: number;
  /** The server's own milliseconds for this call: reading the prompt, generating the answer. */
  promptMs: number;
  predictedMs: number;
  /** When the proxy received the request and finished reading the answer (ms since the proxy started). */
  startMs: number;
  endMs: number;
  /** Whether the answer was streamed (SSE). */
  streamed: boolean;
  /** A tag the bench sets while a run is going (e.g. "parley c=4"). */
  tag: string;
}

/** The first request body of each role (the bench copies Parley's caller request settings from it). */
export type Samples = Map<string, Record<string, unknown>>;

/** Which role a request comes from, by the start of its first message. */
export type Classifier = (firstMessage: string, body: Record<string, unknown>) => string;

export interface CountingProxy {
  url: string;
  calls: CountedCall[];
  samples: Samples;
  tag: string;
  stop(): Promise<void>;
}

interface Timings {
  prompt_n?: number;
  cache_n?: number;
  predicted_n?: number;
  prompt_ms?: number;
  predicted_ms?: number;
}

function timingsOf(text: string): Timings | undefined {
  try {
    return (JSON.parse(text) as { timings?: never }).timings;
  } catch {
    // SSE: the last data line with timings
    let found;
    for (const line of text.split('\n')) {
      if (!line.startsWith('data: ') || line.includes('[DONE]')) continue;
      try {
        const j = JSON.parse(line.slice(6)) as { timings?: never };
        if (j.timings) found = j.timings;
      } catch {
        /* partial */
      }
    }
    return found;
  }
}

export async function startCountingProxy(target: string, classify: Classifier): Promise<CountingProxy> {
  const calls: CountedCall[] = [];
  const samples: Samples = new Map();
  const state = { tag: '' };
  const sockets = new Set<net.Socket>();
  const t0 = performance.now();
  const server = http.createServer((req, res) => {
    const startMs = performance.now() - t0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host') headers[k] = v;
      try {
        const up = await fetch(target + (req.url ?? '/'), {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : raw,
        });
        const text = await up.text();
        if (req.method === 'POST' && /chat\/completions$/.test(req.url ?? '')) {
          const body = JSON.parse(raw.toString('utf8')) as { messages?: { content?: unknown }[] };
          const first = String(body.messages?.[0]?.content ?? '');
          const t = timingsOf(text);
          const last = String(body.messages?.at(-1)?.content ?? '');
          // Parley's structured-output repair retry (src-main/providers/shared/structured.ts) counted apart
          const role = classify(first, body) + (last.startsWith('Your previous reply was rejected') ? ' (repair)' : '');
          if (!samples.has(role)) samples.set(role, body);
          calls.push({
            role,
            evaluated: t?.prompt_n ?? 0,
            cached: t?.cache_n ?? 0,
            generated: t?.predicted_n ?? 0,
            promptMs: t?.prompt_ms ?? 0,
            predictedMs: t?.predicted_ms ?? 0,
            startMs,
            endMs: performance.now() - t0,
            streamed: text.startsWith('data: '),
            tag: state.tag,
          });
        }
        const out: Record<string, string> = {};
        up.headers.forEach((v, k) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
        });
        res.writeHead(up.status, out);
        res.end(text);
      } catch (e) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `proxy: ${(e as Error).message}` } }));
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    samples,
    get tag() {
      return state.tag;
    },
    set tag(v: string) {
      state.tag = v;
    },
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Parley's roles, by the first line of each role's system message (see src-main/engine). */
export const parleyRole: Classifier = (first, body) =>
  // the pre-run check (src-main/providers/openai/model.ts check()): one 1-token call per run when the
  // server's /models does not list the model name (llama-server lists its file name)
  first === 'Say OK.' && (body.messages as unknown[] | undefined)?.length === 1
    ? 'pre-run check'
    : first.startsWith('You are role-playing a caller')
      ? 'caller'
      : first.startsWith('You route a phone conversation')
        ? 'router'
        : first.startsWith('You extract values')
          ? 'extractor'
          : first.startsWith('You fill in the arguments')
            ? 'tool_args'
            : first.startsWith('You are a strict evaluator')
              ? 'judge'
              : first.startsWith('You list the facts')
                ? 'judge facts'
                : 'agent';

/** How busy the client kept the server: mean requests in flight, and the share of the wall time with at least one / with `c` in flight. */
export function occupancy(calls: CountedCall[], c: number): string {
  if (!calls.length) return '-';
  const t0 = Math.min(...calls.map((k) => k.startMs));
  const t1 = Math.max(...calls.map((k) => k.endMs));
  const inFlight = calls.reduce((a, k) => a + k.endMs - k.startMs, 0) / (t1 - t0);
  let any = 0;
  let full = 0;
  let steps = 0;
  for (let t = t0; t < t1; t += 10, steps++) {
    const n = calls.filter((k) => k.startMs <= t && k.endMs > t).length;
    if (n > 0) any++;
    if (n >= c) full++;
  }
  return `mean ${inFlight.toFixed(2)} requests in flight; >= 1 in flight ${((100 * any) / steps).toFixed(0)}% of the time, ${c} in flight ${((100 * full) / steps).toFixed(0)}%`;
}

/** The server's own totals over calls: ms reading prompts and generating, tokens evaluated and generated. */
export function serverTotals(calls: CountedCall[]): {
  promptMs: number;
  genMs: number;
  evaluated: number;
  generated: number;
} {
  const t = (f: (k: CountedCall) => number) => calls.reduce((a, k) => a + f(k), 0);
  return {
    promptMs: t((k) => k.promptMs),
    genMs: t((k) => k.predictedMs),
    evaluated: t((k) => k.evaluated),
    generated: t((k) => k.generated),
  };
}
