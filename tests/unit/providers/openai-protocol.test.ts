import { describe, expect, it } from 'vitest';
import { schemaName, toOpenAiMessages, toStrictSchema } from '../../../src-main/providers/openai/messages.js';
import { readChatStream } from '../../../src-main/providers/openai/sse.js';

function streamOf(text: string, chunkSize = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += chunkSize) c.enqueue(bytes.slice(i, i + chunkSize));
      c.close();
    },
  });
}

describe('OpenAI protocol helpers', () => {
  it('closes objects and requires every property for strict mode', () => {
    const s = toStrictSchema({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'integer' } } } },
      required: ['a'],
    });
    expect(s).toMatchObject({ additionalProperties: false, required: ['a', 'b'] });
    expect((s.properties as Record<string, Record<string, unknown>>).b).toMatchObject({
      additionalProperties: false,
      required: ['c'],
    });
  });

  it('sanitises schema names', () => {
    expect(schemaName('route decision!')).toBe('route_decision_');
    expect(schemaName(undefined)).toBe('response');
  });

  it('maps tool calls and tool results', () => {
    const m = toOpenAiMessages([
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'f', arguments: { x: 1 } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'ok' },
    ]);
    expect(m[0]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }],
    });
    expect(m[1]).toEqual({ role: 'tool', content: 'ok', tool_call_id: 'c1' });
  });

  it('reads an SSE stream split at arbitrary byte boundaries: text, tool calls, usage, [DONE]', async () => {
    const events = [
      { choices: [{ delta: { role: 'assistant', content: 'Hel' } }] },
      { choices: [{ delta: { content: 'lo ✓' } }] },
      {
        choices: [
          { delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'look', arguments: '{"q":' } }] } },
        ],
      },
      {
        choices: [
          { delta: { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }, finish_reason: 'tool_calls' },
        ],
      },
      { choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, prompt_tokens_details: { cached_tokens: 8 } } },
    ];
    const text = events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join('') + ': keep-alive\n\ndata: [DONE]\n\n';
    const chunks: string[] = [];
    const r = await readChatStream(streamOf(text), (c) => chunks.push(c));
    expect(r.text).toBe('Hello ✓');
    expect(chunks).toEqual(['Hel', 'lo ✓']);
    expect(r.toolCalls).toEqual([{ id: 'call_1', name: 'look', arguments: { q: 'x' } }]);
    expect(r.usage?.prompt_tokens_details?.cached_tokens).toBe(8);
    expect(r.finishReason).toBe('tool_calls');
  });

  it('surfaces an error event inside the stream', async () => {
    const r = await readChatStream(streamOf('data: {"error":{"message":"overloaded"}}\n\n'));
    expect(r.error).toBe('overloaded');
  });
});
