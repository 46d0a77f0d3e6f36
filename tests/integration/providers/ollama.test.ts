/** Ollama provider against the Ollama-protocol test server (real inference on the tiny GGUF). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { pullOllamaModel, type PullProgress } from '../../../src-main/providers/ollama/info.js';
import type { OllamaChatModel } from '../../../src-main/providers/ollama/model.js';
import type { ChatMessage } from '../../../src-main/providers/types.js';
import { validateJson } from '../../../src-main/providers/shared/json-schema.js';
import { startOllamaServer, type OllamaTestServer } from '../../servers/ollama-server.js';
import { startServer } from '../../servers/http-util.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

let a: OllamaTestServer;
let b: OllamaTestServer;
let reg: ProviderRegistry;
const retry = { baseMs: 5, maxMs: 20 };
const msgs: ChatMessage[] = [
  { role: 'system', content: 'You are a helpful billing agent.' },
  { role: 'user', content: 'hello, my bill is wrong' },
];
const SCHEMA = {
  type: 'object',
  properties: {
    intent: { enum: ['billing', 'other'] },
    urgency: { type: 'integer', minimum: 1, maximum: 3 },
    note: { type: 'string', maxLength: 16 },
  },
  required: ['intent', 'urgency', 'note'],
};

beforeAll(async () => {
  a = await startOllamaServer({ models: ['tiny:latest', 'tiny:q8'] });
  b = await startOllamaServer({ models: ['tiny:latest'], pullable: ['tiny:new'] });
  reg = createProviderRegistry({ ollama: { retry } });
});

afterAll(async () => {
  await reg?.close();
  await a?.stop();
  await b?.stop();
});

describe('ollama provider', () => {
  it('lists models with digest, size, quantization and context length', async () => {
    const models = await reg.list({ ollama: [a.url] });
    expect(models.map((m) => m.name).sort()).toEqual(['tiny:latest', 'tiny:q8']);
    expect(models[0]).toMatchObject({
      provider: 'ollama',
      digest: a.backend.sha256,
      size_bytes: a.backend.sizeBytes,
      quantization: 'F32',
      architecture: 'llama',
      context_length: 2048,
      endpoint: a.url,
    });
    expect(models[0].spec).toBe(`ollama:${models[0].name}@${a.url}`);
  });

  it('streams a chat and reads the timing fields into usage (ns -> ms)', async () => {
    const m = await reg.load(`ollama:tiny@${a.url}`);
    const s = await m.openSession();
    const chunks: string[] = [];
    const r = await s.chat({ messages: msgs, maxTokens: 20, onToken: (c) => chunks.push(c) });
    await s.dispose();
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(r.text);
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    expect(r.usage.completion_tokens).toBeLessThanOrEqual(20);
    expect(r.usage.prompt_tokens).toBeGreaterThan(0);
    expect(r.usage.eval_ms).toBeGreaterThan(0);
    expect(r.usage.eval_ms).toBeLessThan(r.usage.wall_ms + 1);
    expect(r.usage.prompt_eval_ms).toBeGreaterThan(0);
    expect(r.usage.load_ms).toBeGreaterThanOrEqual(0);
    expect(r.usage.endpoint).toBe(a.url);
    const sent = a.requests.filter((q) => q.path === '/api/chat').at(-1)!.body as {
      keep_alive: string;
      options: { num_ctx: number; num_predict: number };
      stream: boolean;
    };
    expect(sent.keep_alive).toBe('30m');
    // at least 4096 by default, but capped by the model's trained context (2048 for the tiny model)
    expect(sent.options.num_ctx).toBe(2048);
    expect(sent.options.num_predict).toBe(20);
    expect(sent.stream).toBe(true);
  });

  it('structured output with format: <schema> validates', async () => {
    const m = await reg.load(`ollama:tiny@${a.url}`);
    const s = await m.openSession();
    for (let i = 0; i < 3; i++) {
      const r = await s.structured<{ intent: string }>({
        messages: [...msgs, { role: 'user', content: `case ${i}` }],
        schema: SCHEMA,
        maxTokens: 64,
      });
      expect(validateJson(r.value, SCHEMA)).toEqual([]);
      expect(r.parsedFirstTry).toBe(true);
    }
    await s.dispose();
    const sent = a.requests.filter((q) => q.path === '/api/chat').at(-1)!.body as { format: unknown; stream: boolean };
    expect(sent.format).toEqual(SCHEMA);
    expect(sent.stream).toBe(false);
  });

  it("structured output streams its JSON when asked (the caller's message shown as it is written)", async () => {
    const m = await reg.load(`ollama:tiny@${a.url}`);
    const s = await m.openSession();
    const chunks: string[] = [];
    const r = await s.structured<{ intent: string }>({
      messages: msgs,
      schema: SCHEMA,
      maxTokens: 64,
      onToken: (c) => chunks.push(c),
    });
    await s.dispose();
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(r.raw);
    expect(validateJson(r.value, SCHEMA)).toEqual([]);
    expect(r.usage.completion_tokens).toBeGreaterThan(0); // the timing fields of the final NDJSON line
    const sent = a.requests.filter((q) => q.path === '/api/chat').at(-1)!.body as { format: unknown; stream: boolean };
    expect([sent.stream, sent.format]).toEqual([true, SCHEMA]);
  });

  it('reports an identity with the Ollama digest', async () => {
    const m = await reg.load(`ollama:tiny:q8@${a.url}`);
    expect(await m.identity()).toMatchObject({
      provider: 'ollama',
      name: 'tiny:q8',
      digest: `sha256:${a.backend.sha256}`,
      quantization: 'F32',
      context_length: 2048,
      endpoints: [a.url],
      params: { keep_alive: '30m' },
    });
  });

  it('missing model: model_not_found naming model, URL and the pull command', async () => {
    await expect(reg.load(`ollama:llama3:70b@${a.url}`)).rejects.toMatchObject({
      code: 'model_not_found',
      message: expect.stringMatching(/ollama model "llama3:70b" at http:\/\/127\.0\.0\.1:\d+.*ollama pull llama3:70b/),
    });
  });

  it('refuses a conversation larger than the model context, before sending it', async () => {
    const m = await reg.load(`ollama:tiny@${a.url}`);
    const s = await m.openSession();
    const before = a.requests.length;
    await expect(
      s.chat({ messages: [{ role: 'user', content: 'word '.repeat(3000) }], maxTokens: 16 }),
    ).rejects.toMatchObject({
      code: 'context_overflow',
      message: expect.stringContaining(a.url),
    });
    expect(a.requests.length).toBe(before);
    await s.dispose();
  });

  it('a prompt that turns out longer than estimated: num_ctx grows (up to the model context) and the call is made again; the ratio is learned', async () => {
    // the tiny model's byte-level vocabulary has ~1 character per token, not the usual ~3.5
    const big = await startOllamaServer({
      models: ['tiny8k:latest'],
      modelPath: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
    });
    try {
      const m = (await reg.load(`ollama:tiny8k@${big.url}`)) as OllamaChatModel;
      const s = await m.openSession();
      const long: ChatMessage[] = [
        { role: 'system', content: `You are a billing agent. ${'Policy line about refunds and fees. '.repeat(150)}` },
        { role: 'user', content: 'hello' },
      ];
      const r = await s.structured<Record<string, unknown>>({ messages: long, schema: SCHEMA, maxTokens: 32 });
      expect(validateJson(r.value, SCHEMA)).toEqual([]);
      const sent = () =>
        big.requests
          .filter((q) => q.path === '/api/chat')
          .map((q) => (q.body as { options: { num_ctx: number } }).options.num_ctx);
      expect(sent()).toEqual([4096, 8192]);
      // now the estimate uses the learned ratio: a longer prompt is refused before it is sent
      const longer: ChatMessage[] = [
        { role: 'system', content: long[0].content.repeat(2) },
        { role: 'user', content: 'hello' },
      ];
      await expect(s.chat({ messages: longer, maxTokens: 16 })).rejects.toMatchObject({
        code: 'context_overflow',
        message: expect.stringContaining('8192'),
      });
      expect(sent()).toHaveLength(2);
      await s.dispose();
    } finally {
      await big.stop();
    }
  });

  it('refused connection names the URL', async () => {
    const dead = await startServer(async () => {});
    await dead.stop();
    await expect(reg.load(`ollama:tiny@${dead.url}`)).rejects.toMatchObject({
      code: 'connection_refused',
      message: expect.stringContaining(dead.url),
    });
  });

  it('pulls a model with progress', async () => {
    const seen: PullProgress[] = [];
    await pullOllamaModel(b.url, 'tiny:new', (p) => seen.push(p));
    expect(seen[0].status).toBe('pulling manifest');
    expect(seen.at(-1)!.status).toBe('success');
    const fractions = seen.filter((p) => p.fraction !== undefined).map((p) => p.fraction);
    expect(fractions).toEqual([0, 0.5, 1]);
    expect(b.models.has('tiny:new')).toBe(true);
    await expect(pullOllamaModel(b.url, 'not-allowed', () => {})).rejects.toMatchObject({
      code: 'model_not_found',
      message: expect.stringContaining('file does not exist'),
    });
  });

  it('retries a 503 with backoff', async () => {
    a.fault({ path: '/api/chat', status: 503, body: { error: 'server busy' } });
    const m = await reg.load(`ollama:tiny@${a.url}`);
    const s = await m.openSession();
    const before = a.requests.length;
    const r = await s.chat({ messages: msgs, maxTokens: 8 });
    await s.dispose();
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    expect(a.requests.slice(before).filter((q) => q.path === '/api/chat')).toHaveLength(2);
  });

  it('spreads sessions over endpoints with a concurrency limit, and reports per-endpoint throughput', async () => {
    const m = (await reg.load({
      provider: 'ollama',
      model: 'tiny',
      endpoints: [a.url, b.url],
      concurrency: 2,
    })) as OllamaChatModel;
    expect(m.maxParallel).toBe(4);
    const sessions = await Promise.all([0, 1, 2, 3, 4, 5].map(() => m.openSession()));
    await Promise.all(
      sessions.map((s, i) => s.chat({ messages: [...msgs, { role: 'user', content: `caller ${i}` }], maxTokens: 8 })),
    );
    await Promise.all(sessions.map((s) => s.dispose()));
    const stats = m.stats();
    expect(stats.map((x) => x.endpoint)).toEqual([a.url, b.url]);
    expect(stats[0].calls + stats[1].calls).toBe(6);
    for (const st of stats) {
      expect(st).toMatchObject({ errors: 0, in_flight: 0, concurrency: 2 });
      expect(st.completion_tokens).toBeGreaterThan(0);
      expect(st.mean_latency_ms).toBeGreaterThan(0);
    }
    expect(b.maxConcurrentChats()).toBeLessThanOrEqual(2);
  });
});
