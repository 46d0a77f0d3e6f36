import { describe, expect, it } from 'vitest';
import { buildAgentMessages } from '../../../../src-main/engine/conversation/agent-prompt.js';
import type { ChatMessage } from '../../../../src-main/providers/types.js';

const h: ChatMessage[] = [
  { role: 'assistant', content: 'Hello' },
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Order number?' },
  { role: 'user', content: 'A17' },
];

describe('agent messages keep a stable prefix for KV reuse', () => {
  it('global prompt first, the node instruction where the node was entered, then the turns since', () => {
    const m = buildAgentMessages(
      'You are Acme.',
      'Ask for the order.',
      [{ name: 'lookup', description: 'Find', kind: 'custom' }],
      h,
      2,
    );
    expect(m.map((x) => `${x.role}:${x.content}`)).toEqual([
      'system:You are Acme.',
      'assistant:Hello',
      'user:Hi',
      'system:Ask for the order.\n\nTools you can call:\n- lookup: Find',
      'assistant:Order number?',
      'user:A17',
    ]);
  });

  it("staying on a node only appends; a node switch keeps everything before the old node's entry", () => {
    const onA1 = buildAgentMessages('G', 'Node A', [], h.slice(0, 2), 0);
    const onA2 = buildAgentMessages('G', 'Node A', [], h, 0);
    expect(onA2.slice(0, onA1.length)).toEqual(onA1);
    const onB = buildAgentMessages('G', 'Node B', [], h, 4);
    expect(onB.slice(0, 1)).toEqual(onA2.slice(0, 1));
    expect(onB.at(-1)).toEqual({ role: 'system', content: 'Node B' });
  });

  it('no global prompt and no instruction add no empty messages', () => {
    expect(buildAgentMessages(' ', '', [], h.slice(0, 1), 0)).toEqual([{ role: 'assistant', content: 'Hello' }]);
  });
});
