/**
 * Issue 14 item 3 on the real tiny GGUF: a structured answer whose schema may need more tokens than
 * are left in the sequence is asked within the room left (its string bounds shrink to fit; the shrink
 * itself is unit-tested in tests/unit/providers/shared/structured-budget.test.ts) and answers without
 * the "structured answer was cut off" error. The random model may stop early either way, so this is
 * the real-model smoke test of that path, not the proof of the shrink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlamaCppChatModel } from '../../../src-main/providers/llama-cpp/model.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

describe('llama-cpp structured answers fit the room left', () => {
  let model: LlamaCppChatModel;
  beforeAll(async () => {
    model = await LlamaCppChatModel.load(
      { provider: 'llama-cpp', model: await ensureTinyGguf(), params: { context_size: 1024, threads: 1 } },
      { maxParallel: 1 },
    );
  });
  afterAll(async () => {
    await model.close();
  });

  it('a 400-character message schema (worst case 2,400+ tokens) after a 600-byte prompt in a 1,024-token context', async () => {
    const s = await model.openSession();
    try {
      const res = await s.structured<{ message: string; done: boolean }>({
        messages: [
          { role: 'system', content: 'You are a caller. '.repeat(30) },
          { role: 'user', content: 'Hello, how can I help?' },
        ],
        schema: {
          type: 'object',
          properties: { message: { type: 'string', maxLength: 400 }, done: { type: 'boolean' } },
          required: ['message', 'done'],
          additionalProperties: false,
        },
        temperature: 0,
      });
      expect(typeof res.value.message).toBe('string');
      expect(typeof res.value.done).toBe('boolean');
      // the room left (1,024 - the prompt) divided by the 6-tokens-per-character worst case
      expect(res.value.message.length).toBeLessThan(400);
      expect(res.usage.prompt_tokens + res.usage.completion_tokens).toBeLessThanOrEqual(1024);
    } finally {
      await s.dispose();
    }
  }, 60_000);
});
