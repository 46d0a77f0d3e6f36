/**
 * llama-cpp provider on the tiny random-weight GGUF (threads: 1). Output is gibberish; the tests
 * check mechanics: one load, streaming, grammar-valid structured output, KV reuse, parallel
 * sessions, identity, folder scan, explicit chat wrapper, errors.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { llamaCppStats } from '../../../src-main/providers/llama-cpp/runtime.js';
import { scanModelsDir } from '../../../src-main/providers/llama-cpp/scan.js';
import { LlamaCppChatModel } from '../../../src-main/providers/llama-cpp/model.js';
import type { ChatMessage } from '../../../src-main/providers/types.js';
import { validateJson } from '../../../src-main/providers/shared/json-schema.js';
import { ensureTinyGguf, ensureTinyGgufWithTemplate } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

let file: string;
let reg: ProviderRegistry;
let model: LlamaCppChatModel;

const SCHEMA = {
  type: 'object',
  properties: {
    route: { enum: ['billing', 'orders', 'none'] },
    reason: { type: 'string', maxLength: 24 },
    score: { type: 'integer', minimum: 1, maximum: 5 },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    done: { type: 'boolean' },
  },
  required: ['route', 'reason', 'score', 'confidence', 'done'],
};

const convo = (extra = ''): ChatMessage[] => [
  { role: 'system', content: `You are a billing agent for Acme. Answer briefly and politely. ${extra}` },
  { role: 'user', content: 'hello, I need help with my account' },
];

beforeAll(async () => {
  file = await ensureTinyGguf();
  reg = createProviderRegistry();
  model = (await reg.load({ provider: 'llama-cpp', model: file, params: { threads: 1 } })) as LlamaCppChatModel;
});

afterAll(async () => {
  await reg?.close();
});

describe('llama-cpp provider (tiny GGUF)', () => {
  it('loads the model once per distinct spec and shares the weights', async () => {
    const before = llamaCppStats().modelLoads;
    const again = await reg.load({
      provider: 'llama-cpp',
      model: path.relative(process.cwd(), file),
      params: { threads: 1 },
    });
    expect(again).toBe(model);
    // a different context configuration is another ChatModel but the same loaded weights
    const other = (await reg.load({
      provider: 'llama-cpp',
      model: file,
      params: { threads: 1, context_size: 1024 },
    })) as LlamaCppChatModel;
    expect(other).not.toBe(model);
    expect(other.info.sharedModel).toBe(true);
    expect(other.model).toBe(model.model);
    expect(llamaCppStats().modelLoads).toBe(before);
    expect(model.info).toMatchObject({ threads: 1, contexts: 4, maxParallel: 4, sequences: 16, contextSize: 2048 });
    expect(model.maxParallel).toBe(4);
  });

  it('chats with streaming; the streamed chunks make up the reply', async () => {
    const s = await model.openSession();
    const chunks: string[] = [];
    const r = await s.chat({ messages: convo(), maxTokens: 24, onToken: (c) => chunks.push(c) });
    await s.dispose();
    expect(r.text.length).toBeGreaterThan(0);
    expect(chunks.join('')).toBe(r.text);
    expect(r.usage.prompt_tokens).toBeGreaterThan(20);
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    expect(r.usage.completion_tokens).toBeLessThanOrEqual(24);
    expect(r.usage.cached_prompt_tokens).toBe(0);
    expect(r.usage.prompt_eval_ms).toBeGreaterThan(0);
    expect(r.usage.wall_ms).toBeGreaterThanOrEqual(r.usage.prompt_eval_ms! + r.usage.eval_ms! - 1);
  });

  it('reuses the KV cache of the shared prefix on the next turn of a session', async () => {
    const s = await model.openSession({ label: 'agent' });
    // a unique start, so no other sequence holds this prefix
    const msgs: ChatMessage[] = [
      { role: 'system', content: `${crypto.randomUUID()} ${convo()[0].content}` },
      convo()[1],
    ];
    const t1 = await s.chat({ messages: msgs, maxTokens: 16 });
    msgs.push({ role: 'assistant', content: t1.text }, { role: 'user', content: 'thanks, and what about my bill?' });
    const t2 = await s.chat({ messages: msgs, maxTokens: 16 });
    msgs.push({ role: 'assistant', content: t2.text }, { role: 'user', content: 'ok bye' });
    const t3 = await s.chat({ messages: msgs, maxTokens: 16 });
    await s.dispose();
    expect(t1.usage.cached_prompt_tokens).toBeLessThan(25); // at most the template's opening tokens
    // turn 2 re-reads only the new messages: everything of turn 1 (prompt) is cached
    expect(t2.usage.cached_prompt_tokens).toBeGreaterThanOrEqual(t1.usage.prompt_tokens - 2);
    expect(t2.usage.prompt_tokens).toBeGreaterThan(t2.usage.cached_prompt_tokens);
    expect(t3.usage.cached_prompt_tokens).toBeGreaterThan(t2.usage.cached_prompt_tokens);
    const evaluated = [t1, t2, t3].reduce((a, t) => a + t.usage.prompt_tokens - t.usage.cached_prompt_tokens, 0);
    const resent = t1.usage.prompt_tokens + t2.usage.prompt_tokens + t3.usage.prompt_tokens;
    expect(evaluated / t3.usage.prompt_tokens).toBeLessThan(1.3); // prefill amplification
    expect(resent / t3.usage.prompt_tokens).toBeGreaterThan(1.9);
  });

  it('a new session reuses the prefix a disposed session left in its sequence', async () => {
    const sys = `${crypto.randomUUID()} You are the same agent for every caller, with the same long system prompt.`;
    const a = await model.openSession();
    const ra = await a.chat({
      messages: [
        { role: 'system', content: sys },
        { role: 'user', content: 'first caller' },
      ],
      maxTokens: 8,
    });
    await a.dispose();
    const b = await model.openSession();
    const rb = await b.chat({
      messages: [
        { role: 'system', content: sys },
        { role: 'user', content: 'second caller' },
      ],
      maxTokens: 8,
    });
    await b.dispose();
    expect(ra.usage.cached_prompt_tokens).toBeLessThan(25);
    // the whole system prompt (~110 single-character tokens) is served from the cache
    expect(rb.usage.cached_prompt_tokens).toBeGreaterThan(ra.usage.cached_prompt_tokens + 80);
  });

  it('structured output always parses and matches a bounded schema', async () => {
    const s = await model.openSession({ label: 'route' });
    let firstTry = 0;
    const N = 12;
    for (let i = 0; i < N; i++) {
      const r = await s.structured<Record<string, unknown>>({
        messages: [...convo(), { role: 'user', content: `classify message ${i} ${'xyz'.repeat(i % 4)}` }],
        schema: SCHEMA,
        maxTokens: 48,
        temperature: i % 2 ? 0.9 : 0,
      });
      expect(validateJson(r.value, SCHEMA)).toEqual([]);
      expect(JSON.parse(r.raw)).toEqual(r.value);
      if (r.parsedFirstTry) firstTry++;
    }
    await s.dispose();
    expect(firstTry).toBe(N);
  });

  it('nullable numbers with wide and negative bounds (extract variables) stay in range on the first try', async () => {
    const schema = {
      type: 'object',
      properties: {
        amount: { type: ['number', 'null'], minimum: -1e12, maximum: 1e12 },
        delta: { type: 'number', minimum: -50, maximum: 50 },
      },
      required: ['amount', 'delta'],
      additionalProperties: false,
    };
    const s = await model.openSession({ label: 'extract' });
    for (let i = 0; i < 6; i++) {
      const r = await s.structured<{ amount: number | null; delta: number }>({
        messages: [...convo(), { role: 'user', content: `extract ${i}` }],
        schema,
        maxTokens: 64,
        temperature: i % 2 ? 0.9 : 0,
      });
      expect(r.parsedFirstTry).toBe(true);
      expect(r.value.amount === null || Math.abs(r.value.amount) <= 1e12).toBe(true);
      expect(Math.abs(r.value.delta)).toBeLessThanOrEqual(50);
    }
    await s.dispose();
  });

  it('a structured answer that cannot fit the context is a context overflow, not bad output', async () => {
    const huge = {
      type: 'object',
      properties: {
        facts: {
          type: 'array',
          minItems: 150,
          maxItems: 200,
          items: { type: 'string', minLength: 50, maxLength: 400 },
        },
      },
      required: ['facts'],
    };
    const s = await model.openSession({ label: 'facts' });
    await expect(s.structured({ messages: convo(), schema: huge, maxTokens: 64 })).rejects.toMatchObject({
      code: 'context_overflow',
    });
    await s.dispose();
  });

  it('serves parallel sessions on their own sequences, each in a one-thread context of its own (tiny model)', async () => {
    const before = model.stats().pool;
    const sessions = await Promise.all([0, 1, 2, 3].map(() => model.openSession()));
    const rs = await Promise.all(sessions.map((s, k) => s.chat({ messages: convo(`parallel ${k}`), maxTokens: 12 })));
    expect(model.stats().pool.perLane).toEqual([1, 1, 1, 1]);
    const rs2 = await Promise.all(
      sessions.map((s, k) =>
        s.chat({
          messages: [
            ...convo(`parallel ${k}`),
            { role: 'assistant', content: rs[k].text },
            { role: 'user', content: 'more' },
          ],
          maxTokens: 12,
        }),
      ),
    );
    await Promise.all(sessions.map((s) => s.dispose()));
    const after = model.stats().pool;
    expect(after.takeovers - before.takeovers).toBe(0);
    expect(after.waits - before.waits).toBe(0);
    for (const [k, r] of rs2.entries())
      expect(r.usage.cached_prompt_tokens).toBeGreaterThanOrEqual(rs[k].usage.prompt_tokens - 2);
  });

  it('params.contexts 1 batches the parallel sessions into one context', async () => {
    const one = (await reg.load({
      provider: 'llama-cpp',
      model: file,
      params: { threads: 1, contexts: 1 },
    })) as LlamaCppChatModel;
    expect(one.info).toMatchObject({ contexts: 1, sequences: 16 });
    const six = (await reg.load({
      provider: 'llama-cpp',
      model: file,
      params: { threads: 1, contexts: 1, sequences: 6 },
    })) as LlamaCppChatModel;
    expect(six.info).toMatchObject({ contexts: 1, sequences: 6 }); // params.sequences: the KV slots kept warm
    const sessions = await Promise.all([0, 1, 2].map(() => one.openSession()));
    const rs = await Promise.all(sessions.map((s, k) => s.chat({ messages: convo(`batched ${k}`), maxTokens: 8 })));
    expect(one.stats().pool).toMatchObject({ lanes: 1, perLane: [3], created: 3, takeovers: 0 });
    for (const r of rs) expect(r.usage.completion_tokens).toBeGreaterThan(0);
    await Promise.all(sessions.map((s) => s.dispose()));
    expect((await one.identity()).params).toMatchObject({ contexts: 1, threads: 1 });
  });

  it('more sessions than sequences: calls queue or take over idle sequences, and still complete', async () => {
    const small = await LlamaCppChatModel.load(
      { provider: 'llama-cpp', model: file, params: { threads: 1 } },
      { maxParallel: 2, sequences: 2 },
    );
    expect(small.info).toMatchObject({ sequences: 2, maxParallel: 2 });
    const run = async (k: number) => {
      const s = await small.openSession();
      const msgs = convo(`caller ${k}`);
      const out = [];
      for (let t = 0; t < 2; t++) {
        const r = await s.chat({ messages: msgs, maxTokens: 12 });
        out.push(r.usage);
        msgs.push({ role: 'assistant', content: r.text }, { role: 'user', content: 'go on' });
      }
      await s.dispose();
      return out;
    };
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map(run));
    expect(results).toHaveLength(6);
    for (const [u1, u2] of results) {
      expect(u1.completion_tokens).toBeGreaterThan(0);
      expect(u2.prompt_tokens).toBeGreaterThan(u1.prompt_tokens);
    }
    const st = small.stats().pool;
    await small.close();
    expect(st.created).toBe(2);
    expect(st.busy).toBe(0);
    // 6 sessions on 2 sequences: calls waited and sessions took over idle sequences
    expect(st.waits).toBeGreaterThan(0);
    expect(st.takeovers).toBeGreaterThan(0);
  });

  it('reports an identity with the file sha256 and GGUF facts', async () => {
    const id = await model.identity();
    const sha = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(id).toMatchObject({
      provider: 'llama-cpp',
      name: path.basename(file),
      digest: `sha256:${sha}`,
      architecture: 'llama',
      quantization: 'F32',
      context_length: 2048,
      size_bytes: fs.statSync(file).size,
    });
    expect(id.params).toMatchObject({ threads: 1, chat_wrapper: expect.any(String), context_size: 2048 });
  });

  it('scans a models folder recursively with metadata', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    fs.mkdirSync(path.join(dir, 'sub', 'deeper'), { recursive: true });
    fs.copyFileSync(file, path.join(dir, 'a.gguf'));
    fs.copyFileSync(file, path.join(dir, 'sub', 'deeper', 'b.gguf'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
    fs.writeFileSync(path.join(dir, 'broken.gguf'), 'not a gguf');
    const infos = await scanModelsDir(dir);
    expect(infos.map((i) => i.name)).toEqual(['a.gguf', 'broken.gguf', 'b.gguf']);
    expect(infos[0]).toMatchObject({
      provider: 'llama-cpp',
      architecture: 'llama',
      quantization: 'F32',
      context_length: 2048,
      size_bytes: fs.statSync(file).size,
    });
    expect(infos[1].architecture).toBeUndefined();
    expect((await scanModelsDir(dir, { maxDepth: 1 })).map((i) => i.name)).toEqual(['a.gguf', 'broken.gguf']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses an explicit chat wrapper, or the template in the GGUF', async () => {
    const m = (await reg.load({
      provider: 'llama-cpp',
      model: file,
      params: { threads: 1, chat_wrapper: 'chatml' },
    })) as LlamaCppChatModel;
    expect(m.info.chatWrapper).toBe('chatML');
    const s = await m.openSession();
    const r = await s.chat({ messages: convo(), maxTokens: 8 });
    expect(r.usage.completion_tokens).toBeGreaterThan(0);
    await s.dispose();
    const tpl = (await reg.load({
      provider: 'llama-cpp',
      model: await ensureTinyGgufWithTemplate(),
      params: { threads: 1 },
    })) as LlamaCppChatModel;
    expect(tpl.info.chatWrapper).toBe('jinjaTemplate');
    await expect(
      reg.load({ provider: 'llama-cpp', model: file, params: { threads: 1, chat_wrapper: 'nonsense' } }),
    ).rejects.toMatchObject({
      code: 'invalid_spec',
      message: expect.stringContaining('unknown chat_wrapper "nonsense"'),
    });
  });

  it('accepts tools on chat (exposed as functions) and returns tool calls when the model makes them', async () => {
    const s = await model.openSession();
    const r = await s.chat({
      messages: convo(),
      maxTokens: 16,
      tools: [
        {
          name: 'lookup_order',
          description: 'Find an order',
          parameters: { type: 'object', properties: { id: { type: 'string', maxLength: 8 } } },
        },
      ],
    });
    await s.dispose();
    expect(Array.isArray(r.toolCalls)).toBe(true);
    for (const c of r.toolCalls) expect(c.name).toBe('lookup_order');
  });

  it('refuses a conversation longer than the context, naming the file', async () => {
    const s = await model.openSession();
    const long = 'billing '.repeat(2500);
    await expect(s.chat({ messages: [{ role: 'user', content: long }], maxTokens: 8 })).rejects.toMatchObject({
      code: 'context_overflow',
      message: expect.stringContaining(file),
    });
    await s.dispose();
  });

  it('names the path of a missing file and supports cancellation', async () => {
    await expect(reg.load({ provider: 'llama-cpp', model: '/nonexistent/model.gguf' })).rejects.toMatchObject({
      code: 'model_not_found',
      message: expect.stringContaining('/nonexistent/model.gguf'),
    });
    const s = await model.openSession();
    const ac = new AbortController();
    ac.abort();
    await expect(s.chat({ messages: convo(), maxTokens: 8, signal: ac.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    // aborting mid-generation stops it and frees the sequence for the next call
    const mid = new AbortController();
    let chunks = 0;
    await expect(
      s.chat({ messages: convo(), maxTokens: 400, signal: mid.signal, onToken: () => ++chunks === 3 && mid.abort() }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(chunks).toBeLessThan(50);
    const after = await s.chat({ messages: convo(), maxTokens: 4 });
    expect(after.usage.completion_tokens).toBeGreaterThan(0);
    await s.dispose();
  });
});
