/** OpenAI-compatible provider against the OpenAI-protocol test server (real inference on the tiny GGUF). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import type { OpenAiChatModel } from '../../../src-main/providers/openai/model.js';
import type { ChatMessage } from '../../../src-main/providers/types.js';
import { ProviderError } from '../../../src-main/providers/types.js';
import { validateJson } from '../../../src-main/providers/shared/json-schema.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { startServer } from '../../servers/http-util.js';

const KEY = 'sk-parley-test-GOODKEY-0123456789abcdef';
const WRONG = 'sk-parley-test-WRONGKEY-9876543210fedcba';
const ENV = 'PARLEY_TEST_OPENAI_KEY';
const WRONG_ENV = 'PARLEY_TEST_WRONG_KEY';
const retry = { baseMs: 5, maxMs: 50 };

let srv: OpenAiTestServer;
let plain: OpenAiTestServer;
let reg: ProviderRegistry;

const msgs: ChatMessage[] = [
  { role: 'system', content: 'You are a support agent for Acme.' },
  { role: 'user', content: 'hello, where is my order?' },
];
const SCHEMA = {
  type: 'object',
  properties: {
    route: { enum: ['orders', 'billing', 'none'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    why: { type: 'string', maxLength: 20 },
  },
  required: ['route', 'confidence', 'why'],
};

beforeAll(async () => {
  process.env[ENV] = KEY;
  process.env[WRONG_ENV] = WRONG;
  srv = await startOpenAiServer({ apiKeys: [KEY], models: ['tiny', 'tiny-2'] });
  plain = await startOpenAiServer({ rejectJsonSchema: true, rejectStreamOptions: true, brokenJsonReplies: 0 });
  reg = createProviderRegistry({ openai: { retry } });
});

afterAll(async () => {
  await reg?.close();
  await srv?.stop();
  await plain?.stop();
  delete process.env[ENV];
  delete process.env[WRONG_ENV];
});

const spec = (model = 'tiny', base = srv.baseUrl, keyEnv = ENV) => ({
  provider: 'openai' as const,
  model,
  endpoints: [base],
  api_key_env: keyEnv,
});

describe('openai-compatible provider', () => {
  it('streams a chat over SSE and reads usage (include_usage)', async () => {
    const m = await reg.load(spec());
    const s = await m.openSession();
    const chunks: string[] = [];
    const r = await s.chat({ messages: msgs, maxTokens: 16, onToken: (c) => chunks.push(c) });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(r.text);
    expect(r.usage.prompt_tokens).toBeGreaterThan(10);
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    expect(r.usage.completion_tokens).toBeLessThanOrEqual(16);
    const sent = srv.requests.filter((q) => q.path === '/v1/chat/completions').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({
      model: 'tiny',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 16,
    });
    // the server's KV reuse shows up as cached_tokens on a follow-up with the same prefix
    const r2 = await s.chat({
      messages: [...msgs, { role: 'assistant', content: r.text }, { role: 'user', content: 'thanks' }],
      maxTokens: 8,
    });
    expect(r2.usage.cached_prompt_tokens).toBeGreaterThan(0);
    await s.dispose();
  });

  it('structured output with response_format json_schema (strict)', async () => {
    const m = await reg.load(spec());
    const s = await m.openSession();
    const r = await s.structured<{ route: string }>({
      messages: msgs,
      schema: SCHEMA,
      schemaName: 'route decision',
      maxTokens: 64,
    });
    await s.dispose();
    expect(validateJson(r.value, SCHEMA)).toEqual([]);
    expect(r.parsedFirstTry).toBe(true);
    const sent = srv.requests.filter((q) => q.path === '/v1/chat/completions').at(-1)!.body as {
      response_format: {
        type: string;
        json_schema: { name: string; strict: boolean; schema: { additionalProperties: boolean } };
      };
    };
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.response_format.json_schema).toMatchObject({
      name: 'route_decision',
      strict: true,
      schema: { additionalProperties: false },
    });
  });

  it("structured calls are greedy by default and sample at the model's own temperature when it has one (judge seeds)", async () => {
    const temperatures: unknown[] = [];
    for (const params of [{}, { temperature: 0.6, seed: 3 }]) {
      const m = await reg.load({ ...spec(), params });
      const s = await m.openSession();
      await s.structured({ messages: msgs, schema: SCHEMA, schemaName: 'route', maxTokens: 64 });
      await s.dispose();
      const sent = srv.requests.filter((q) => q.path === '/v1/chat/completions').at(-1)!.body as {
        temperature?: number;
        seed?: number;
      };
      temperatures.push([sent.temperature, sent.seed]);
    }
    expect(temperatures).toEqual([
      [0, undefined],
      [0.6, 3],
    ]);
  });

  it('structured output streams its JSON over SSE when asked', async () => {
    const m = await reg.load(spec());
    const s = await m.openSession();
    const chunks: string[] = [];
    const r = await s.structured<{ route: string }>({
      messages: msgs,
      schema: SCHEMA,
      maxTokens: 64,
      onToken: (c) => chunks.push(c),
    });
    await s.dispose();
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(r.raw);
    expect(validateJson(r.value, SCHEMA)).toEqual([]);
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    const sent = srv.requests.filter((q) => q.path === '/v1/chat/completions').at(-1)!.body as {
      stream: boolean;
      response_format: { type: string };
    };
    expect([sent.stream, sent.response_format.type]).toEqual([true, 'json_schema']);
  });

  it('falls back to JSON mode when json_schema is rejected, once per model', async () => {
    const m = (await reg.load(spec('tiny', plain.baseUrl, undefined as never))) as OpenAiChatModel;
    const s = await m.openSession();
    const before = plain.requests.length;
    const r1 = await s.structured({ messages: msgs, schema: SCHEMA, maxTokens: 64 });
    const afterFirst = plain.requests.slice(before);
    expect(afterFirst.map((q) => (q.body as { response_format?: { type: string } }).response_format?.type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    expect(r1.parsedFirstTry).toBe(false);
    expect(validateJson(r1.value, SCHEMA)).toEqual([]);
    const sys = (afterFirst[1].body as { messages: Array<{ role: string; content: string }> }).messages[0];
    expect(sys.role).toBe('system');
    expect(sys.content).toContain('JSON Schema');
    const mid = plain.requests.length;
    const r2 = await s.structured({ messages: msgs, schema: SCHEMA, maxTokens: 64 });
    expect(
      plain.requests.slice(mid).map((q) => (q.body as { response_format?: { type: string } }).response_format?.type),
    ).toEqual(['json_object']);
    expect(validateJson(r2.value, SCHEMA)).toEqual([]);
    expect(m.compat.noJsonSchema).toBe(true);
    await s.dispose();
  });

  it('repairs invalid JSON with one retry', async () => {
    const broken = await startOpenAiServer({ brokenJsonReplies: 1 });
    try {
      const m = await reg.load({ provider: 'openai', model: 'tiny', endpoints: [broken.baseUrl] });
      const s = await m.openSession();
      const r = await s.structured({ messages: msgs, schema: SCHEMA, maxTokens: 64 });
      await s.dispose();
      expect(r.parsedFirstTry).toBe(false);
      expect(validateJson(r.value, SCHEMA)).toEqual([]);
      const calls = broken.requests.filter((q) => q.path === '/v1/chat/completions');
      expect(calls).toHaveLength(2);
      const repair = (calls[1].body as { messages: Array<{ role: string; content: string }> }).messages.at(-1)!;
      expect(repair.content).toMatch(/rejected: not valid JSON/);
      expect(r.usage.prompt_tokens).toBeGreaterThan(0);
    } finally {
      await broken.stop();
    }
  });

  it('drops stream_options when the server refuses it', async () => {
    const m = (await reg.load({ provider: 'openai', model: 'tiny', endpoints: [plain.baseUrl] })) as OpenAiChatModel;
    const s = await m.openSession();
    const r = await s.chat({ messages: msgs, maxTokens: 8 });
    await s.dispose();
    expect(r.text.length).toBeGreaterThan(0);
    expect(m.compat.noStreamOptions).toBe(true);
  });

  it('retries a 429, honouring Retry-After', async () => {
    srv.fault({
      path: '/v1/chat/completions',
      status: 429,
      body: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
      headers: { 'retry-after': '0' },
    });
    const m = await reg.load(spec());
    const s = await m.openSession();
    const before = srv.requests.length;
    const r = await s.chat({ messages: msgs, maxTokens: 8 });
    await s.dispose();
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    expect(srv.requests.slice(before).filter((q) => q.path === '/v1/chat/completions')).toHaveLength(2);
  });

  it('a wrong key gives a clear 401 error that never contains the key', async () => {
    const m = await reg.load(spec('tiny', srv.baseUrl, WRONG_ENV));
    const s = await m.openSession();
    const err = (await s.chat({ messages: msgs, maxTokens: 8 }).catch((e) => e)) as ProviderError;
    await s.dispose();
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('unauthorized');
    expect(err.message).toContain(`openai model "tiny" at ${srv.baseUrl}`);
    expect(err.message).toContain(WRONG_ENV);
    // the server echoed the key back; nothing of it survives anywhere in the error
    const everything = JSON.stringify({ ...err, message: err.message, stack: err.stack, where: err.where });
    expect(everything).not.toContain(WRONG);
    expect(everything).not.toContain(WRONG.slice(-8));
    const sErr = (await (
      await reg.load(spec('tiny', srv.baseUrl, WRONG_ENV))
    )
      .openSession()
      .then((x) => x.structured({ messages: msgs, schema: SCHEMA, maxTokens: 16 }))
      .catch((e) => e)) as ProviderError;
    expect(sErr.code).toBe('unauthorized');
    expect(JSON.stringify({ ...sErr, m: sErr.message, st: sErr.stack })).not.toContain(WRONG);
  });

  it('a missing key env var is reported by name, without a request', async () => {
    await expect(
      reg.load({ provider: 'openai', model: 'tiny', endpoints: [srv.baseUrl], api_key_env: 'PARLEY_NOT_SET_KEY' }),
    ).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('PARLEY_NOT_SET_KEY'),
    });
  });

  it('unknown model -> model_not_found; refused connection names the URL', async () => {
    const m = await reg.load(spec('gpt-nope'));
    const s = await m.openSession();
    await expect(s.chat({ messages: msgs, maxTokens: 8 })).rejects.toMatchObject({
      code: 'model_not_found',
      message: expect.stringContaining('gpt-nope'),
    });
    await s.dispose();
    const dead = await startServer(async () => {});
    await dead.stop();
    const m2 = await reg.load({ provider: 'openai', model: 'x', endpoints: [`${dead.url}/v1`] });
    const s2 = await m2.openSession();
    await expect(s2.chat({ messages: msgs, maxTokens: 8 })).rejects.toMatchObject({
      code: 'connection_refused',
      message: expect.stringContaining(`${dead.url}/v1`),
    });
    await s2.dispose();
  });

  it('times out a silent server, retries once, then names the URL', async () => {
    let hits = 0;
    const silent = await startServer(async (_req, res) => {
      hits++;
      await new Promise((r) => setTimeout(r, 1500));
      res.end();
    });
    try {
      const r2 = createProviderRegistry({ openai: { retry: { retries: 1, baseMs: 5 }, timeoutMs: 150 } });
      const m = await r2.load({ provider: 'openai', model: 'x', endpoints: [`${silent.url}/v1`] });
      const s = await m.openSession();
      const t0 = Date.now();
      await expect(s.chat({ messages: msgs, maxTokens: 4 })).rejects.toMatchObject({
        code: 'timeout',
        message: expect.stringContaining(`${silent.url}/v1`),
      });
      expect(Date.now() - t0).toBeLessThan(1400);
      expect(hits).toBe(2);
      await s.dispose();
    } finally {
      await silent.stop();
    }
  });

  it('lists models from /v1/models', async () => {
    const models = await reg.list({ openai: [plain.baseUrl] });
    expect(models).toEqual([
      {
        provider: 'openai',
        name: 'tiny',
        spec: `openai:tiny@${plain.baseUrl}`,
        endpoint: plain.baseUrl,
        context_length: undefined,
      },
    ]);
  });

  it('spreads sessions over several endpoints and reports throughput', async () => {
    const m = (await reg.load({
      provider: 'openai',
      model: 'tiny',
      endpoints: [srv.baseUrl, plain.baseUrl],
      api_key_env: ENV,
      concurrency: 1,
    })) as OpenAiChatModel;
    const sessions = await Promise.all([0, 1, 2, 3].map(() => m.openSession()));
    await Promise.all(sessions.map((s) => s.chat({ messages: msgs, maxTokens: 6 })));
    await Promise.all(sessions.map((s) => s.dispose()));
    const st = m.stats();
    expect(st).toHaveLength(2);
    expect(st.map((x) => x.endpoint)).toEqual([srv.baseUrl, plain.baseUrl]);
    // each call goes to the least loaded endpoint; plain refuses stream_options once per concurrent call before the model adapts
    expect(st[0].calls).toBeGreaterThanOrEqual(1);
    expect(st[1].calls).toBeGreaterThanOrEqual(1);
    expect(st.every((x) => x.completion_tokens > 0 && x.concurrency === 1 && x.in_flight === 0)).toBe(true);
  });
});
