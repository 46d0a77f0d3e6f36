import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ModelSpec } from '../../../../src-shared/schemas/index.js';
import { scriptedModel, scriptedProvider } from '../../../../src-main/providers/scripted.js';
import { ProviderError } from '../../../../src-main/providers/types.js';

const routeSchema = {
  type: 'object',
  properties: { transition: { type: 'string', enum: ['a', 'b', 'none'] }, reason: { type: 'string', maxLength: 50 } },
};
const callerSchema = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: 100 }, done: { type: 'boolean' } },
};
const verdict = {
  type: 'object',
  properties: {
    reasoning: { type: 'string', maxLength: 10 },
    score: { type: 'number', minimum: 0, maximum: 1 },
    turns: { type: 'array', items: { type: 'integer' }, maxItems: 2 },
  },
};
const judgeSchema = { type: 'object', properties: { metric_1: verdict, metric_2: verdict } };
const user = (content: string) => ({ role: 'user' as const, content });

describe('scripted model', () => {
  it('consumes per-purpose lists in order, per session', async () => {
    const m = scriptedModel({ chat: ['one', 'two'], route: ['a'] });
    const s = await m.openSession();
    expect((await s.chat({ messages: [user('hi')], purpose: 'chat' })).text).toBe('one');
    expect((await s.structured({ messages: [user('x')], schema: routeSchema, purpose: 'route' })).value).toEqual({
      transition: 'a',
      reason: 'scripted',
    });
    expect((await s.chat({ messages: [user('hi')], purpose: 'chat' })).text).toBe('two');
    expect((await s.chat({ messages: [user('hi')], purpose: 'chat' })).text).toBe('OK.');
    const s2 = await m.openSession();
    expect((await s2.chat({ messages: [user('hi')], purpose: 'chat' })).text).toBe('one');
  });

  it('falls back to schema-derived defaults: route none, caller done after N turns, judge score', async () => {
    const m = scriptedModel({ defaults: { caller_turns: 2, score: 0.25 } });
    const s = await m.openSession();
    expect((await s.structured({ messages: [], schema: routeSchema, purpose: 'route' })).value).toMatchObject({
      transition: 'none',
    });
    const c = await m.openSession();
    const turns = [];
    for (let i = 0; i < 3; i++)
      turns.push((await c.structured({ messages: [], schema: callerSchema, purpose: 'caller' })).value);
    expect(turns).toEqual([
      { message: 'Okay.', done: false },
      { message: 'Okay.', done: false },
      { message: '', done: true },
    ]);
    expect((await s.structured({ messages: [], schema: judgeSchema, purpose: 'judge' })).value).toEqual({
      metric_1: { reasoning: '', score: 0.25, turns: [] },
      metric_2: { reasoning: '', score: 0.25, turns: [] },
    });
  });

  it('judge shorthands: a number fills every score, a list fills them in order; objects merge over defaults', async () => {
    const m = scriptedModel({
      judge: [0.5, [1, 0], { metric_2: { reasoning: 'why', turns: [1] } }],
      extract: [{ order_id: 'A17' }],
    });
    const s = await m.openSession();
    const v1 = (
      await s.structured<Record<string, { score: number }>>({ messages: [], schema: judgeSchema, purpose: 'judge' })
    ).value;
    expect([v1.metric_1.score, v1.metric_2.score]).toEqual([0.5, 0.5]);
    const v2 = (
      await s.structured<Record<string, { score: number }>>({ messages: [], schema: judgeSchema, purpose: 'judge' })
    ).value;
    expect([v2.metric_1.score, v2.metric_2.score]).toEqual([1, 0]);
    const v3 = (await s.structured({ messages: [], schema: judgeSchema, purpose: 'judge' })).value;
    expect(v3).toEqual({
      metric_1: { reasoning: '', score: 0, turns: [] },
      metric_2: { reasoning: 'why', score: 0, turns: [1] },
    });
    const ex = {
      type: 'object',
      properties: { order_id: { type: 'string', maxLength: 9 }, qty: { type: ['number', 'null'] } },
    };
    expect((await s.structured({ messages: [], schema: ex, purpose: 'extract' })).value).toEqual({
      order_id: 'A17',
      qty: null,
    });
  });

  it('rules match the last message / system prompt before the lists, honouring times', async () => {
    const m = scriptedModel({
      chat: ['from list'],
      rules: [
        { purpose: 'chat', when: { last: 'refund' }, reply: 'Refunds take 5 days.', times: 1 },
        { purpose: 'chat', when: { system: '/node:\\s*bye/i' }, reply: 'Goodbye!' },
      ],
    });
    const s = await m.openSession();
    expect((await s.chat({ messages: [user('I want a REFUND')] })).text).toBe('Refunds take 5 days.');
    expect((await s.chat({ messages: [user('I want a refund')] })).text).toBe('from list');
    expect((await s.chat({ messages: [{ role: 'system', content: 'Node: bye' }, user('x')] })).text).toBe('Goodbye!');
  });

  it('scripts tool calls (only tools the request offers) and streams words', async () => {
    const m = scriptedModel({
      chat: [
        { text: 'Let me check.', tool_calls: [{ name: 'lookup', arguments: { id: 'A1' } }] },
        { tool_calls: [{ name: 'nope' }] },
      ],
    });
    const s = await m.openSession();
    const chunks: string[] = [];
    const tools = [{ name: 'lookup', description: '', parameters: {} }];
    const r = await s.chat({ messages: [user('x')], tools, onToken: (c) => chunks.push(c) });
    expect(r.text).toBe('Let me check.');
    expect(r.toolCalls).toEqual([{ id: 'call_1', name: 'lookup', arguments: { id: 'A1' } }]);
    expect(chunks).toEqual(['Let ', 'me ', 'check.']);
    await expect(s.chat({ messages: [user('x')], tools })).rejects.toThrow(
      /scripted tool call "nope" but the request offers lookup/,
    );
  });

  it('counts words as tokens and the shared message prefix as cached', async () => {
    const m = scriptedModel({ chat: ['a b c', 'd e'] });
    const s = await m.openSession();
    const sys = { role: 'system' as const, content: 'one two three' };
    const r1 = await s.chat({ messages: [sys, user('four five')] });
    expect(r1.usage).toMatchObject({ prompt_tokens: 5, cached_prompt_tokens: 0, completion_tokens: 3 });
    const r2 = await s.chat({
      messages: [sys, user('four five'), { role: 'assistant', content: 'a b c' }, user('six')],
    });
    expect(r2.usage).toMatchObject({ prompt_tokens: 9, cached_prompt_tokens: 5, completion_tokens: 2 });
  });

  it('$error throws a ProviderError, $delay_ms waits and is cancellable', async () => {
    const m = scriptedModel({ chat: [{ $error: 'boom' }, { $delay_ms: 5000, text: 'late' }] });
    const s = await m.openSession();
    const err = await s.chat({ messages: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/boom/);
    const ac = new AbortController();
    const t0 = Date.now();
    setTimeout(() => ac.abort(), 20);
    const e2 = await s.chat({ messages: [], signal: ac.signal }).catch((e: unknown) => e);
    expect((e2 as ProviderError).code).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('loads a file: identity digest is the sha256 of the file; bad files name the file and the path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    const file = path.join(dir, 'demo.json');
    const text = JSON.stringify({ name: 'demo', chat: ['hello'] });
    fs.writeFileSync(file, text);
    const m = await scriptedProvider.load(ModelSpec.parse({ provider: 'scripted', model: file }));
    const id = await m.identity();
    expect(id).toMatchObject({
      provider: 'scripted',
      name: 'demo',
      digest: `sha256:${createHash('sha256').update(text).digest('hex')}`,
    });
    const s = await m.openSession();
    expect((await s.chat({ messages: [] })).text).toBe('hello');
    await expect(
      scriptedProvider.load(ModelSpec.parse({ provider: 'scripted', model: path.join(dir, 'missing.json') })),
    ).rejects.toThrow(/missing\.json: not found/);
    fs.writeFileSync(file, '{"chat": "not a list"}');
    await expect(scriptedProvider.load(ModelSpec.parse({ provider: 'scripted', model: file }))).rejects.toThrow(
      /demo\.json: chat: /,
    );
    fs.writeFileSync(file, '{oops');
    await expect(scriptedProvider.load(ModelSpec.parse({ provider: 'scripted', model: file }))).rejects.toThrow(
      /not valid JSON/,
    );
  });
});
