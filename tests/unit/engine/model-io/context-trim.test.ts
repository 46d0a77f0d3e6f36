import { describe, expect, it } from 'vitest';
import { dropOldestTurn, isContextOverflow } from '../../../../src-main/engine/model-io/context-trim.js';
import { ModelCallError } from '../../../../src-main/engine/errors.js';
import { ProviderError, type ChatMessage } from '../../../../src-main/providers/types.js';

const sys = (c: string): ChatMessage => ({ role: 'system', content: c });
const user = (c: string): ChatMessage => ({ role: 'user', content: c });
const bot = (c: string, tool_calls?: ChatMessage['tool_calls']): ChatMessage => ({
  role: 'assistant',
  content: c,
  tool_calls,
});

describe('context: trim', () => {
  it('drops the oldest turn and keeps every system message (global prompt, node instruction) and the latest turn', () => {
    const m = [sys('global'), user('u1'), bot('a1'), sys('node instruction'), user('u2')];
    const once = dropOldestTurn(m)!;
    expect(once.messages).toEqual([sys('global'), bot('a1'), sys('node instruction'), user('u2')]);
    const twice = dropOldestTurn(once.messages)!;
    expect(twice.messages).toEqual([sys('global'), sys('node instruction'), user('u2')]);
    expect(dropOldestTurn(twice.messages)).toBeUndefined();
  });

  it('a tool call leaves with its results (no orphan tool message)', () => {
    const call = { id: 'c1', name: 'lookup', arguments: {} };
    const m: ChatMessage[] = [
      sys('g'),
      bot('', [call]),
      { role: 'tool', content: '{"ok":true}', tool_call_id: 'c1', name: 'lookup' },
      bot('done'),
      user('next'),
    ];
    expect(dropOldestTurn(m)).toEqual({ messages: [sys('g'), bot('done'), user('next')], dropped: 2 });
  });

  it('recognises a provider context overflow through the engine wrapper', () => {
    const pe = new ProviderError('too long', 'context_overflow', 'openai', 'x');
    expect(isContextOverflow(new ModelCallError('agent failed', pe))).toBe(true);
    expect(isContextOverflow(new ProviderError('no', 'unauthorized', 'openai', 'x'))).toBe(false);
    expect(isContextOverflow(new Error('plain'))).toBe(false);
  });
});
