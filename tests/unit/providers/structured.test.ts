import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../../../src-main/providers/types.js';
import {
  addUsage,
  extractJsonText,
  parseStructured,
  structuredWithRepair,
} from '../../../src-main/providers/shared/structured.js';

const schema = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, n: { type: 'integer', minimum: 0, maximum: 9 } },
  required: ['ok', 'n'],
};

describe('structured parsing', () => {
  it('extracts JSON from fences and surrounding prose', () => {
    expect(extractJsonText('```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(extractJsonText('Sure! {"a":1} hope that helps')).toBe('{"a":1}');
    expect(extractJsonText('  {"a":1}\n\n')).toBe('{"a":1}');
  });

  it('parses, validates and applies model-free fixes', () => {
    const ok = parseStructured('{"ok":true,"n":3}', schema);
    expect(ok).toEqual({ ok: true, value: { ok: true, n: 3 }, fixes: [] });
    const fixed = parseStructured('{"ok":true,"n":42}', schema);
    expect(fixed.ok && fixed.value).toEqual({ ok: true, n: 9 });
    expect(fixed.ok && fixed.fixes.length).toBe(1);
    const bad = parseStructured('{"ok":tr', schema);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/not valid JSON/);
    const missing = parseStructured('{"ok":true}', schema);
    expect(!missing.ok && missing.error).toContain('$.n is required');
  });

  it('sums usage across attempts', () => {
    const a = { ...emptyUsage(), prompt_tokens: 10, completion_tokens: 2, wall_ms: 5, eval_ms: 1 };
    const b = { ...emptyUsage(), prompt_tokens: 20, cached_prompt_tokens: 8, completion_tokens: 3, wall_ms: 7 };
    expect(addUsage(a, b)).toMatchObject({
      prompt_tokens: 30,
      cached_prompt_tokens: 8,
      completion_tokens: 5,
      wall_ms: 12,
      eval_ms: 1,
    });
  });
});

describe('structuredWithRepair', () => {
  const req = { messages: [{ role: 'user' as const, content: 'go' }], schema };
  const u = () => ({ ...emptyUsage(), prompt_tokens: 5, completion_tokens: 5 });

  it('returns the first valid reply with parsedFirstTry', async () => {
    let calls = 0;
    const r = await structuredWithRepair(
      req,
      async () => (calls++, { raw: '{"ok":false,"n":1}', usage: u() }),
      (e) => new Error(e),
    );
    expect(r).toMatchObject({ value: { ok: false, n: 1 }, parsedFirstTry: true });
    expect(calls).toBe(1);
  });

  it('repairs once, telling the model what was wrong', async () => {
    const seen: string[] = [];
    const replies = ['{"ok":"yes"}', '{"ok":true,"n":2}'];
    const r = await structuredWithRepair(
      req,
      async (messages, isRepair) => {
        seen.push(`${isRepair}:${messages[messages.length - 1].content}`);
        return { raw: replies.shift()!, usage: u() };
      },
      (e) => new Error(e),
    );
    expect(r.parsedFirstTry).toBe(false);
    expect(r.value).toEqual({ ok: true, n: 2 });
    expect(r.usage.prompt_tokens).toBe(10);
    expect(seen[1]).toMatch(/^true:Your previous reply was rejected: .*\$\.ok expected boolean/);
  });

  it('fails after one repair with both reasons', async () => {
    await expect(
      structuredWithRepair(
        req,
        async () => ({ raw: 'nope', usage: u() }),
        (e) => new Error(e),
      ),
    ).rejects.toThrow(/after one repair retry/);
  });
});
