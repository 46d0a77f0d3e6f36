/**
 * Several endpoints per model over real HTTP (the OpenAI-protocol test servers, answering at once):
 * per-endpoint concurrency, least-loaded dispatch, Retry-After, ejection and probes, rpm limits.
 * Assertions are on counts, order and lower bounds of time (never "faster than"), so a loaded
 * machine cannot make them fail.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import type { OpenAiChatModel } from '../../../src-main/providers/openai/model.js';
import type { ChatMessage } from '../../../src-main/providers/types.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';

const msgs: ChatMessage[] = [{ role: 'user', content: 'hello, where is my order?' }];
const servers: OpenAiTestServer[] = [];
let reg: ProviderRegistry | undefined;

async function serve(o: Parameters<typeof startOpenAiServer>[0] = {}): Promise<OpenAiTestServer> {
  const s = await startOpenAiServer({ instant: true, ...o });
  servers.push(s);
  return s;
}

async function load(spec: string, opts: { rateWindowMs?: number; fetch?: typeof fetch } = {}) {
  reg = createProviderRegistry({ openai: { retry: { baseMs: 5, maxMs: 20 }, ...opts } });
  return (await reg.load(spec)) as OpenAiChatModel;
}

/** One call in a fresh conversation. */
async function call(m: OpenAiChatModel) {
  const s = await m.openSession();
  try {
    return await s.chat({ messages: msgs, maxTokens: 8 });
  } finally {
    await s.dispose();
  }
}

const chats = (s: OpenAiTestServer) => s.requests.filter((r) => r.path === '/v1/chat/completions');

afterEach(async () => {
  await reg?.close();
  reg = undefined;
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

describe('endpoint pool over HTTP', () => {
  it('keeps each endpoint under its own concurrency and spreads calls in proportion to the limits', async () => {
    const a = await serve({ chatDelayMs: 40 });
    const b = await serve({ chatDelayMs: 40 });
    const m = await load(`openai:tiny@${a.baseUrl};c=1,${b.baseUrl};c=3`);
    expect(m.maxParallel).toBe(4);
    const done = await Promise.all(Array.from({ length: 40 }, () => call(m)));
    expect(done).toHaveLength(40);
    expect(a.maxInFlight()).toBe(1);
    expect(b.maxInFlight()).toBe(3);
    const [sa, sb] = m.stats();
    expect(sa.calls + sb.calls).toBe(40);
    expect(chats(a).length).toBe(sa.calls);
    // three slots against one: B takes well over twice A's share
    expect(sb.calls).toBeGreaterThan(2 * sa.calls);
    expect(sa).toMatchObject({ concurrency: 1, errors: 0, in_flight: 0 });
    expect(sb).toMatchObject({ concurrency: 3, errors: 0, in_flight: 0 });
  });

  it('waits for Retry-After in seconds before calling the same endpoint again', async () => {
    const a = await serve({
      faults: [{ path: '/v1/chat/completions', status: 429, headers: { 'retry-after': '1' }, times: 1 }],
    });
    const m = await load(`openai:tiny@${a.baseUrl}`);
    const r = await call(m);
    expect(r.text.length).toBeGreaterThan(0);
    const [first, second] = chats(a);
    expect(chats(a)).toHaveLength(2);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
    expect(m.stats()[0]).toMatchObject({ calls: 2, errors: 1, rate_limited: 1, ejections: 0 });
  });

  it('honours Retry-After as an HTTP date (503)', async () => {
    const a = await serve();
    // an HTTP date has whole seconds: 2 s ahead is at least 1 s ahead
    a.fault({
      path: '/v1/chat/completions',
      status: 503,
      headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() },
    });
    const m = await load(`openai:tiny@${a.baseUrl}`);
    await call(m);
    const [first, second] = chats(a);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
    expect(m.stats()[0]).toMatchObject({ rate_limited: 1, ejections: 0 });
  });

  it('sends the retry of a rate-limited call to another endpoint instead of waiting', async () => {
    const a = await serve({
      faults: [{ path: '/v1/chat/completions', status: 429, headers: { 'retry-after': '30' }, times: 1 }],
    });
    const b = await serve();
    const m = await load(`openai:tiny@${a.baseUrl},${b.baseUrl}`);
    const r = await call(m);
    expect(r.usage.endpoint).toBe(b.baseUrl);
    expect(chats(a)).toHaveLength(1);
    expect(chats(b)).toHaveLength(1);
    // A is cooling down for 30 s: the next calls all go to B
    await call(m);
    await call(m);
    expect(chats(a)).toHaveLength(1);
    expect(chats(b)).toHaveLength(3);
  });

  it('ejects an endpoint after 3 failures in a row and readmits it after a probe succeeds (with backoff)', async () => {
    const a = await serve({
      faults: [
        { path: '/v1/chat/completions', status: 500, times: 3 },
        { path: '/v1/models', status: 500, times: 1 },
      ],
    });
    const b = await serve();
    const m = await load(`openai:tiny@${a.baseUrl};eject=3;probe=0.2,${b.baseUrl}`);
    // each conversation starts on A (the pool spreads new ones over idle endpoints, A first), fails there, succeeds on B
    for (let i = 0; i < 3; i++) expect((await call(m)).usage.endpoint).toBe(b.baseUrl);
    expect(m.stats()[0]).toMatchObject({ ejected: true, ejections: 1, errors: 3 });
    // while A is out, nothing goes there
    for (let i = 0; i < 3; i++) expect((await call(m)).usage.endpoint).toBe(b.baseUrl);
    // first probe fails (500), the second (after a doubled delay) succeeds
    await vi.waitFor(() => expect(m.stats()[0].ejected).toBe(false), { timeout: 15_000, interval: 50 });
    const r = await call(m);
    expect(r.usage.endpoint).toBe(a.baseUrl);
    expect(a.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      ...Array(3).fill('POST /v1/chat/completions'),
      'GET /v1/models',
      'GET /v1/models',
      'POST /v1/chat/completions',
    ]);
    const [probe1, probe2] = a.requests.filter((q) => q.path === '/v1/models');
    expect(probe2.at - probe1.at).toBeGreaterThanOrEqual(400);
    expect(m.stats()[0]).toMatchObject({ ejected: false, ejections: 1, calls: 4 });
  });

  it('when every endpoint is out, waits for a probe, and fails plainly once the probe fails too', async () => {
    const a = await serve({
      faults: [
        { path: '/v1/chat/completions', status: 502, times: 100 },
        { path: '/v1/models', status: 502, times: 100 },
      ],
    });
    const m = await load(`openai:tiny@${a.baseUrl};eject=2;probe=0.2`);
    await expect(call(m)).rejects.toThrow(/HTTP 502/);
    await expect(call(m)).rejects.toThrow(/every endpoint is out after repeated failures/);
    // the probe failed: later calls fail at once, without a request
    const before = chats(a).length;
    await expect(call(m)).rejects.toThrow(/every endpoint is out/);
    expect(chats(a)).toHaveLength(before);
    expect(m.stats()[0]).toMatchObject({ ejected: true, ejections: 1 });
  });

  it('when every endpoint is out after a stall, calls wait for the probe and go on', async () => {
    const a = await serve({ faults: [{ path: '/v1/chat/completions', status: 503, times: 2 }] });
    const m = await load(`openai:tiny@${a.baseUrl};eject=2;probe=0.2`);
    // two 503s without Retry-After eject the only endpoint; the third attempt waits for the probe
    const r = await call(m);
    expect(r.text.length).toBeGreaterThan(0);
    expect(a.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'POST /v1/chat/completions',
      'POST /v1/chat/completions',
      'GET /v1/models',
      'POST /v1/chat/completions',
    ]);
  });

  it('starts at most rpm requests in any window', async () => {
    const a = await serve();
    const starts: number[] = [];
    const recording: typeof fetch = (input, init) => {
      if (String(input).endsWith('/chat/completions')) starts.push(Date.now());
      return fetch(input, init);
    };
    // a 500 ms window stands in for the minute
    const m = await load(`openai:tiny@${a.baseUrl};rpm=3`, { rateWindowMs: 500, fetch: recording });
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 8 }, () => call(m)));
    expect(chats(a)).toHaveLength(8);
    starts.sort((x, y) => x - y);
    // at most 3 starts per window: the k-th request (0-based) cannot start before floor(k / 3) full
    // windows have passed (a lower bound only: a slow machine makes starts later, never earlier)
    starts.forEach((at, k) => expect(at - t0).toBeGreaterThanOrEqual(Math.floor(k / 3) * 500));
    expect(m.stats()[0].calls).toBe(8);
  });

  it('names the spec, the endpoint and what was expected for a bad option', async () => {
    reg = createProviderRegistry();
    await expect(reg.load('openai:tiny@http://127.0.0.1:9/v1;rpm=fast')).rejects.toThrow(
      'model spec "openai:tiny@http://127.0.0.1:9/v1;rpm=fast": endpoint http://127.0.0.1:9/v1: option rpm="fast": expected a number of requests per minute, at least 1',
    );
    await expect(
      reg.load({
        provider: 'openai',
        model: 'tiny',
        endpoints: ['http://127.0.0.1:9/v1'],
        endpoint_options: { 'http://other/v1': { concurrency: 2 } },
      }),
    ).rejects.toThrow(/endpoint_options names "http:\/\/other\/v1", which is not one of the model's endpoints/);
  });
});
