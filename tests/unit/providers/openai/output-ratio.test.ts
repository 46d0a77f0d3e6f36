/**
 * A model that writes fewer characters per token than its prompts hold (other scripts, emoji, byte tokens)
 * must not have its structured answers cut off: max_tokens follows the smaller of the two ratios.
 */
import { describe, expect, it } from 'vitest';
import { OpenAiChatModel } from '../../../../src-main/providers/openai/model.js';
import { schemaCharBound } from '../../../../src-main/providers/shared/structured-budget.js';

const schema = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: 400 }, done: { type: 'boolean' } },
  required: ['message', 'done'],
};

describe('OpenAI model: structured max_tokens from prompt and answer characters per token', () => {
  it('a prompt ratio of 3 alone; an answer ratio of 1 raises the limit; short answers teach nothing', async () => {
    const m = await OpenAiChatModel.load({
      provider: 'openai',
      model: 'm',
      endpoints: ['http://127.0.0.1:9/v1'],
      params: {},
    });
    m.observePrompt([{ role: 'user', content: 'x'.repeat(3000) }], 1000); // 3 characters per prompt token
    const byPrompt = m.structuredLimit(schema, 16)!;
    expect(byPrompt).toBe(Math.ceil(schemaCharBound(schema) / 3) + 8);
    m.observeCompletion('abc', 3); // under 16 tokens: not a measurement
    expect(m.structuredLimit(schema, 16)).toBe(byPrompt);
    m.observeCompletion('y'.repeat(300), 300); // one character per token in what it writes
    expect(m.structuredLimit(schema, 16)).toBe(Math.ceil(schemaCharBound(schema) / 1) + 8);
    m.observeCompletion('z'.repeat(4000), 1000); // a later wordier answer does not lower it again
    expect(m.structuredLimit(schema, 16)).toBe(Math.ceil(schemaCharBound(schema) / 1) + 8);
    await m.close();
  });
});
