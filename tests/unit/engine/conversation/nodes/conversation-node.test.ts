import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../../../../src-main/providers/scripted.js';
import { converse, edge, spy, staticNode } from '../../helpers.js';

describe('conversation node', () => {
  it('prompt mode: system prompt = global prompt + templated instruction + tools; transcript as user/assistant', async () => {
    const s = spy(scriptedModel({ chat: ['Hi, how can I help?', 'Sure.'] }));
    const r = await converse({
      graph: {
        entry_node_id: 'main',
        global_prompt: 'You are {%brand%} support.',
        snippets: { brand: 'Acme' },
        tools: [
          {
            name: 'lookup',
            description: 'Find an order',
            parameters: { type: 'object', properties: { id: { type: 'string' } } },
          },
        ],
        nodes: [
          {
            id: 'main',
            type: 'conversation',
            instruction: { mode: 'prompt', text: 'Help {{user.name}}.' },
            tools: ['lookup'],
          },
        ],
      },
      test: { caller_script: ['I need help'], dynamic_variables: { user: { name: 'Dana' } } },
      models: { agent: s.model },
    });
    expect(r.said).toEqual(['agent: Hi, how can I help?', 'caller: I need help', 'agent: Sure.']);
    const chats = s.seen.filter((c) => c.kind === 'chat');
    expect(chats).toHaveLength(2);
    // The global prompt leads and never changes; the node's instruction and tools sit where the node was entered (KV reuse).
    expect(chats[0].messages).toEqual([
      { role: 'system', content: 'You are Acme support.' },
      { role: 'system', content: 'Help Dana.\n\nTools you can call:\n- lookup: Find an order' },
    ]);
    expect(chats[1].messages.slice(2)).toEqual([
      { role: 'assistant', content: 'Hi, how can I help?' },
      { role: 'user', content: 'I need help' },
    ]);
    expect(chats[1].tools?.map((t) => t.name)).toEqual(['lookup']);
    expect(chats[1].tools?.[0].parameters).toMatchObject({ properties: { id: { type: 'string', maxLength: 200 } } });
    expect(chats.every((c) => typeof c.maxTokens === 'number' && c.maxTokens > 0)).toBe(true);
    expect(r.transcript.filter((t) => t.role === 'agent').every((t) => t.node === 'main')).toBe(true);
    expect(r.endReason).toBe('caller_done');
  });

  it('static text is spoken verbatim after templating, with no model call', async () => {
    const s = spy(scriptedModel({}));
    const r = await converse({
      graph: {
        entry_node_id: 'a',
        snippets: { legal: 'Calls are recorded.' },
        nodes: [staticNode('a', '{%legal%} Hello {{user.name}}, order {{orders[0].id}}. {{unknown}}')],
      },
      test: { caller_script: [], dynamic_variables: { user: { name: 'Dana' }, orders: [{ id: 'A17' }] } },
      models: { agent: s.model },
    });
    expect(r.said).toEqual(['agent: Calls are recorded. Hello Dana, order A17. {{unknown}}']);
    expect(s.seen).toEqual([]);
  });

  it('skip-response nodes speak and follow the skip edge at once, without waiting for the caller', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'intro',
        nodes: [
          staticNode('intro', 'Welcome.', [edge('s', 'ask', { kind: 'skip' })], { skip_response: true }),
          staticNode('ask', 'What is your order number?', [edge('e', 'done', { kind: 'always' })]),
          { id: 'done', type: 'end', message: { mode: 'static', text: 'Thanks.' } },
        ],
      },
      test: { caller_script: ['A17'] },
    });
    expect(r.said).toEqual(['agent: Welcome.', 'agent: What is your order number?', 'caller: A17', 'agent: Thanks.']);
    expect(r.visits.map((v) => [v.node, v.reason, v.via ?? ''])).toEqual([
      ['intro', 'entry', ''],
      ['ask', 'skip', 's'],
      ['done', 'always', 'e'],
    ]);
    expect(r.visits[1].turn).toBe(1);
  });

  it('stays on the node when no transition matches, and the agent speaks again there', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'a',
        nodes: [
          staticNode('a', 'Say yes.', [
            edge('y', 'b', { kind: 'equation', equations: [{ left: 'x', operator: 'exists' }] }),
          ]),
          staticNode('b', 'B'),
        ],
      },
      test: { caller_script: ['no', 'still no'] },
    });
    expect(r.said).toEqual(['agent: Say yes.', 'caller: no', 'agent: Say yes.', 'caller: still no', 'agent: Say yes.']);
    expect(r.path).toEqual(['a']);
  });

  it('tool calls from the agent model go through the mocks and the model is called again with the results', async () => {
    const s = spy(
      scriptedModel({
        chat: [{ text: 'Checking.', tool_calls: [{ name: 'lookup', arguments: { id: 'A17' } }] }, 'It shipped.'],
      }),
    );
    const r = await converse({
      graph: {
        entry_node_id: 'm',
        first_speaker: 'caller',
        tools: [{ name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'string' } } } }],
        nodes: [{ id: 'm', type: 'conversation', instruction: { mode: 'prompt', text: 'Help.' } }],
      },
      test: {
        caller_script: ['Where is A17?'],
        tool_mocks: [{ tool: 'lookup', when: { id: 'A17' }, response: { status: 'shipped' } }],
      },
      models: { agent: s.model },
    });
    expect(r.said).toEqual([
      'caller: Where is A17?',
      'agent: Checking.',
      'tool: lookup({"id":"A17"}) -> {"status":"shipped"}',
      'agent: It shipped.',
    ]);
    expect(r.toolCalls).toEqual([
      { name: 'lookup', args: { id: 'A17' }, result: { status: 'shipped' }, node: 'm', mocked: true },
    ]);
    const second = s.seen.filter((c) => c.kind === 'chat')[1];
    expect(second.messages.slice(-2)).toMatchObject([
      { role: 'assistant', content: 'Checking.' },
      { role: 'tool', content: '{"status":"shipped"}' },
    ]);
    expect(r.variables.params).toEqual({ id: 'A17' });
  });

  it('the end_call / transfer_call built-in tools end the conversation', async () => {
    const base = (kind: 'end_call' | 'transfer_call') =>
      converse({
        graph: {
          entry_node_id: 'm',
          tools: [{ name: 'hang_up', kind }],
          nodes: [{ id: 'm', type: 'conversation', instruction: { mode: 'prompt', text: 'x' }, tools: ['hang_up'] }],
        },
        test: { caller_script: ['bye', 'more'] },
        agent: { chat: ['Hello.', { text: 'Goodbye.', tool_calls: [{ name: 'hang_up' }] }] },
      });
    const ended = await base('end_call');
    expect(ended.endReason).toBe('end_node');
    expect(ended.said).toEqual(['agent: Hello.', 'caller: bye', 'agent: Goodbye.', 'tool: hang_up({}) -> {"ok":true}']);
    expect((await base('transfer_call')).endReason).toBe('transfer');
  });

  it('tools offered: the node list; none on flows with function nodes; all on single-prompt agents', async () => {
    const s1 = spy(scriptedModel({}));
    await converse({
      graph: {
        entry_node_id: 'm',
        tools: [{ name: 'a' }, { name: 'b' }],
        nodes: [{ id: 'm', type: 'conversation', instruction: { mode: 'prompt', text: '' } }],
      },
      test: { caller_script: [] },
      models: { agent: s1.model },
    });
    expect(s1.seen[0].tools?.map((t) => t.name)).toEqual(['a', 'b']);
    const s2 = spy(scriptedModel({}));
    await converse({
      graph: {
        entry_node_id: 'm',
        tools: [{ name: 'a' }],
        nodes: [
          { id: 'm', type: 'conversation', instruction: { mode: 'prompt', text: '' } },
          { id: 'f', type: 'function', tool: 'a' },
        ],
      },
      test: { caller_script: [] },
      models: { agent: s2.model },
    });
    expect(s2.seen[0].tools).toBeUndefined();
  });
});
