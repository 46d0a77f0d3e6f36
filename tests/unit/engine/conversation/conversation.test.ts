import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../../../src-main/providers/scripted.js';
import { converse, edge, spy, staticNode, unboundedParts } from '../helpers.js';

const chatty = {
  entry_node_id: 'm',
  nodes: [{ id: 'm', type: 'conversation', instruction: { mode: 'prompt', text: 'Help.' } }],
} as never;

describe('conversation loop', () => {
  it('the agent speaks first by default; with first_speaker caller the caller opens', async () => {
    const a = await converse({
      graph: { entry_node_id: 'a', nodes: [staticNode('a', 'Hello.')] },
      test: { caller_script: ['hi'] },
    });
    expect(a.said).toEqual(['agent: Hello.', 'caller: hi', 'agent: Hello.']);
    const c = await converse({
      graph: { entry_node_id: 'a', first_speaker: 'caller', nodes: [staticNode('a', 'Hello.')] },
      test: { caller_script: ['hi'] },
    });
    expect(c.said).toEqual(['caller: hi', 'agent: Hello.']);
  });

  it('a begin_message is said verbatim (templated) as the opening line, then the entry node answers the caller', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'a',
        begin_message: 'Hi {{user.name}}, thanks for calling.',
        nodes: [staticNode('a', 'How can I help?')],
      },
      test: { caller_script: ['I need help'], dynamic_variables: { user: { name: 'Dana' } } },
    });
    expect(r.said).toEqual(['agent: Hi Dana, thanks for calling.', 'caller: I need help', 'agent: How can I help?']);
  });

  it('stops at max turns (caller turns): default 20, or the given limit', async () => {
    const endless = { defaults: { caller_turns: 1000 } };
    const d = await converse({ graph: chatty, caller: endless });
    expect(d.endReason).toBe('max_turns');
    expect(d.turns).toBe(20);
    expect(d.transcript.filter((t) => t.role === 'caller')).toHaveLength(20);
    const three = await converse({ graph: chatty, caller: endless, maxTurns: 3 });
    expect(three).toMatchObject({ endReason: 'max_turns', turns: 3 });
  });

  it('caller done: a goodbye is recorded then the call ends; an empty done ends at once', async () => {
    const bye = await converse({
      graph: chatty,
      caller: { caller: ['Where is my order?', { message: 'Great, bye!', done: true }] },
    });
    expect(bye.said).toEqual(['agent: OK.', 'caller: Where is my order?', 'agent: OK.', 'caller: Great, bye!']);
    expect(bye).toMatchObject({ endReason: 'caller_done', turns: 2 });
    const quiet = await converse({ graph: chatty, caller: { caller: [{ message: '', done: true }] } });
    expect(quiet.said).toEqual(['agent: OK.']);
    expect(quiet).toMatchObject({ endReason: 'caller_done', turns: 0 });
  });

  it('the caller model sees the persona, the variables it knows and the transcript flipped, with a bounded schema', async () => {
    const s = spy(scriptedModel({ caller: ['Hi there'] }));
    await converse({
      graph: { entry_node_id: 'a', first_speaker: 'caller', nodes: [staticNode('a', 'Welcome to Acme.')] },
      test: { dynamic_variables: { user: { name: 'Dana' }, order: 'A17' } },
      models: { caller: s.model },
      extra: { callerPrompt: '## Identity\nYour name is Dana.' },
    });
    const [first, second] = s.seen;
    expect(first.purpose).toBe('caller');
    expect(first.messages[0].content).toContain('## Identity\nYour name is Dana.');
    expect(first.messages[0].content).toContain('## What you know\n- user: {"name":"Dana"}\n- order: A17');
    expect(first.messages.slice(1)).toEqual([{ role: 'user', content: '(The call connects. You speak first.)' }]);
    // its own line goes back as the answer it wrote (the JSON), so a server's prompt cache still holds it
    expect(second.messages.slice(1)).toEqual([
      { role: 'user', content: '(The call connects. You speak first.)' },
      { role: 'assistant', content: expect.stringMatching(/^\{.*"message":\s*"Hi there"/) },
      { role: 'user', content: 'Welcome to Acme.' },
    ]);
    expect(JSON.parse(second.messages[2].content)).toMatchObject({ message: 'Hi there' });
    expect(unboundedParts(first.schema)).toEqual([]);
    expect(first.maxTokens).toBeGreaterThan(0);
    expect(second.session).toBe(first.session);
  });

  it('one session per role and purpose: the agent chat session is separate from routing', async () => {
    const s = spy(scriptedModel({ route: ['none', 'none'], defaults: { caller_turns: 2 } }));
    const r = await converse({
      graph: {
        entry_node_id: 'm',
        global_prompt: 'You are Acme support.',
        nodes: [
          {
            id: 'm',
            type: 'conversation',
            instruction: { mode: 'prompt', text: 'Help.' },
            transitions: [edge('p', 'm', { kind: 'prompt', prompt: 'caller is happy' })],
          },
        ],
      },
      models: { agent: s.model },
    });
    expect(s.sessions).toEqual(['agent:chat', 'caller:caller', 'agent:route']);
    const bySession = (n: number) => [...new Set(s.seen.filter((c) => c.session === n).map((c) => c.purpose))];
    expect(bySession(0)).toEqual(['chat']);
    expect(bySession(2)).toEqual(['route']);
    expect(s.disposed.sort()).toEqual([0, 1, 2]);
    expect(r.calls.map((c) => `${c.role}:${c.purpose}`)).toEqual([
      'agent:chat',
      'caller:caller',
      'agent:route',
      'agent:chat',
      'caller:caller',
      'agent:route',
      'agent:chat',
      'caller:caller',
    ]);
    const secondChat = r.calls.filter((c) => c.purpose === 'chat')[1];
    expect(secondChat.node).toBe('m');
    expect(secondChat.tokens.prompt).toBeGreaterThan(0);
    expect(secondChat.tokens.cached_prompt).toBeGreaterThan(0);
    expect(secondChat.tokens.completion).toBe(1);
    expect(secondChat.ms).toBeGreaterThanOrEqual(0);
  });

  it('a failing model call ends the conversation with error, naming the model, purpose and node', async () => {
    const r = await converse({
      graph: chatty,
      agent: { chat: ['Hello.', { $error: 'connection reset' }] },
      caller: { caller: ['hi', 'more'] },
    });
    expect(r.endReason).toBe('error');
    expect(r.error).toBe(
      'agent model scripted:inline (chat at node m) failed: scripted model inline: connection reset',
    );
    expect(r.said).toEqual(['agent: Hello.', 'caller: hi']);
  });

  it('cancellation stops promptly with end reason cancelled', async () => {
    const ac = new AbortController();
    const t0 = Date.now();
    setTimeout(() => ac.abort(), 30);
    const r = await converse({
      graph: chatty,
      agent: { chat: ['Hello.', { $delay_ms: 10_000, text: 'late' }] },
      caller: { caller: ['hi'] },
      extra: { signal: ac.signal },
    });
    expect(r.endReason).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('an unknown entry node is an error naming the nodes', async () => {
    const r = await converse({
      graph: { entry_node_id: 'x', nodes: [staticNode('a', 'A')] },
      test: { caller_script: [] },
    });
    expect(r.endReason).toBe('error');
    expect(r.error).toMatch(/node "x" does not exist in the graph \(nodes: a\)/);
  });
});
