import { describe, expect, it } from 'vitest';
import { toLlamaFunctions, toLlamaHistory } from '../../../src-main/providers/llama-cpp/history.js';

describe('toLlamaHistory', () => {
  it('maps roles, merges system messages and joins tool results to their calls', () => {
    const h = toLlamaHistory([
      { role: 'system', content: 'A' },
      { role: 'system', content: 'B' },
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: 'checking',
        tool_calls: [
          { id: 'c1', name: 'lookup', arguments: { id: 7 } },
          { id: 'c2', name: 'other', arguments: {} },
        ],
      },
      { role: 'tool', tool_call_id: 'c2', content: 'second' },
      { role: 'tool', tool_call_id: 'c1', content: '{"status":"shipped"}' },
      { role: 'assistant', content: 'It shipped.' },
      { role: 'user', content: 'thanks' },
    ]);
    expect(h[0]).toEqual({ type: 'system', text: 'A\n\nB' });
    expect(h[1]).toEqual({ type: 'user', text: 'hi' });
    expect(h[2]).toEqual({
      type: 'model',
      response: [
        'checking',
        { type: 'functionCall', name: 'lookup', params: { id: 7 }, result: { status: 'shipped' } },
        { type: 'functionCall', name: 'other', params: {}, result: 'second' },
        'It shipped.',
      ],
    });
    expect(h[3]).toEqual({ type: 'user', text: 'thanks' });
  });

  it('turns an unmatched tool message into user text', () => {
    expect(toLlamaHistory([{ role: 'tool', content: 'x', name: 'f' }])).toEqual([
      { type: 'user', text: 'Tool result (f): x' },
    ]);
  });

  it('maps tools to functions', () => {
    expect(toLlamaFunctions([{ name: 'f', description: 'd', parameters: { type: 'object', properties: {} } }])).toEqual(
      {
        f: { description: 'd', params: { type: 'object', properties: {} } },
      },
    );
    expect(toLlamaFunctions([])).toBeUndefined();
  });
});
