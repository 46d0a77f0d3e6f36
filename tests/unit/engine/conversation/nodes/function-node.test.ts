import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../../../../src-main/providers/scripted.js';
import { converse, edge, spy, staticNode, unboundedParts } from '../../helpers.js';

const tools = [
  {
    name: 'lookup_order',
    description: 'Find an order',
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        qty: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  { name: 'ping' },
];

function flow(fn: Record<string, unknown>) {
  return {
    entry_node_id: 'f',
    tools,
    nodes: [
      {
        id: 'f',
        type: 'function',
        tool: 'lookup_order',
        ...fn,
        transitions: [
          edge(
            'ok',
            'shipped',
            { kind: 'equation', equations: [{ left: 'status', operator: '==', right: 'shipped' }] },
            0,
          ),
          edge('err', 'sorry', { kind: 'equation', equations: [{ left: 'tool_error', operator: 'exists' }] }, 1),
          edge('else', 'other', { kind: 'else' }),
        ],
      },
      staticNode('shipped', 'Order {{params.order_id}} shipped on {{ship.date}}.'),
      staticNode('sorry', 'Sorry: {{tool_error}}'),
      staticNode('other', 'Status {{status}}.'),
    ],
  } as never;
}

describe('function node', () => {
  it('arguments from ONE structured call against the bounded parameter schema; mock result; output variables', async () => {
    const s = spy(scriptedModel({ tool_args: [{ order_id: 'A17', qty: 2.6, tags: ['a'] }] }));
    const r = await converse({
      graph: flow({
        output_variables: [
          { output_key: 'status', variable: 'status' },
          { output_key: 'shipping.date', variable: 'ship.date' },
        ],
      }),
      test: {
        caller_script: [],
        tool_mocks: [
          {
            tool: 'lookup_order',
            when: { order_id: 'A17' },
            response: { status: 'shipped', shipping: { date: 'May 2' } },
          },
        ],
      },
      models: { agent: s.model },
    });
    const argCalls = s.seen.filter((c) => c.purpose === 'tool_args');
    expect(argCalls).toHaveLength(1);
    expect(unboundedParts(argCalls[0].schema)).toEqual([]);
    expect(argCalls[0].schema).toMatchObject({
      properties: {
        order_id: { maxLength: 200 },
        qty: { type: 'integer', minimum: -1e9, maximum: 1e9 },
        tags: { maxItems: 8 },
      },
    });
    expect(r.toolCalls).toEqual([
      {
        name: 'lookup_order',
        args: { order_id: 'A17', qty: 3, tags: ['a'] },
        result: { status: 'shipped', shipping: { date: 'May 2' } },
        node: 'f',
        mocked: true,
      },
    ]);
    expect(r.said).toEqual([
      'tool: lookup_order({"order_id":"A17","qty":3,"tags":["a"]}) -> {"status":"shipped","shipping":{"date":"May 2"}}',
      'agent: Order A17 shipped on May 2.',
    ]);
    expect(r.transcript[0]).toMatchObject({ role: 'tool', tool: 'lookup_order', node: 'f' });
  });

  it('argument templates replace the model call (typed values kept)', async () => {
    const s = spy(scriptedModel({}));
    const r = await converse({
      graph: flow({ arguments: { order_id: '{{user.order}}', qty: '{{n}}', note: 'for {{user.name}}' } }),
      test: {
        caller_script: [],
        dynamic_variables: { user: { order: 'B5', name: 'Dana' }, n: 4 },
        tool_mocks: [{ tool: 'lookup_order', response: { status: 'pending' } }],
      },
      models: { agent: s.model },
    });
    expect(s.seen).toEqual([]);
    expect(r.toolCalls[0].args).toEqual({ order_id: 'B5', qty: 4, note: 'for Dana' });
    expect(r.said.at(-1)).toBe('agent: Status {{status}}.');
  });

  it('a tool without parameters gets {} and no model call', async () => {
    const s = spy(scriptedModel({}));
    const r = await converse({
      graph: {
        entry_node_id: 'f',
        tools,
        nodes: [
          { id: 'f', type: 'function', tool: 'ping', transitions: [edge('a', 'e', { kind: 'always' })] },
          { id: 'e', type: 'end' },
        ],
      },
      test: { caller_script: [], tool_mocks: [{ tool: 'ping', response: 'pong' }] },
      models: { agent: s.model },
    });
    expect(s.seen).toEqual([]);
    expect(r.toolCalls).toEqual([{ name: 'ping', args: {}, result: 'pong', node: 'f', mocked: true }]);
    expect(r.endReason).toBe('end_node');
  });

  it('context.set actions apply (templated, [+] appends) and sequences step per call', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'ask',
        first_speaker: 'caller',
        tools,
        nodes: [
          staticNode('ask', 'Next?', [edge('go', 'log', { kind: 'always' })]),
          {
            id: 'log',
            type: 'function',
            tool: 'ping',
            actions: [
              { type: 'context.set', path: 'workflow.logged[+]', value: { n: '{{turn}}', said: 'turn {{turn}}' } },
              { type: 'context.set', path: 'flags.logged', value: true },
            ],
            transitions: [edge('back', 'ask', { kind: 'always' })],
          },
        ],
      },
      test: {
        caller_script: ['a', 'b'],
        dynamic_variables: { workflow: { logged: [] } },
        tool_mocks: [{ tool: 'ping', sequence: [{ response: 1 }, { response: 2 }] }],
      },
    });
    expect(r.variables.workflow).toEqual({
      logged: [
        { n: 1, said: 'turn 1' },
        { n: 2, said: 'turn 2' },
      ],
    });
    expect(r.variables.flags).toEqual({ logged: true });
    expect(r.toolCalls.map((c) => c.result)).toEqual([1, 2]);
  });

  it('a mock error is stored in tool_error for routing; outputs and actions are skipped', async () => {
    const r = await converse({
      graph: flow({
        arguments: { order_id: 'X' },
        output_variables: [{ output_key: 'status', variable: 'status' }],
        actions: [{ type: 'context.set', path: 'flags.done', value: true }],
      }),
      test: { caller_script: [], tool_mocks: [{ tool: 'lookup_order', error: 'service down' }] },
    });
    expect(r.said.at(-1)).toBe('agent: Sorry: service down');
    expect(r.toolCalls[0]).toMatchObject({ error: 'service down', mocked: true });
    expect(r.variables).not.toHaveProperty('flags');
  });

  it('an unmocked call is recorded with mocked:false and the conversation goes on', async () => {
    const r = await converse({ graph: flow({ arguments: { order_id: 'X' } }), test: { caller_script: [] } });
    expect(r.toolCalls[0]).toMatchObject({
      name: 'lookup_order',
      mocked: false,
      error: 'unmocked tool call: no mock for tool "lookup_order"',
    });
    expect(r.path).toEqual(['f', 'sorry']);
  });

  it('a context.set that cannot apply ends the conversation with an error naming node and action', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'f',
        tools,
        nodes: [
          { id: 'f', type: 'function', tool: 'ping', actions: [{ type: 'context.set', path: 'count[+]', value: 1 }] },
        ],
      },
      test: { caller_script: [], dynamic_variables: { count: 3 }, tool_mocks: [{ tool: 'ping', response: {} }] },
    });
    expect(r.endReason).toBe('error');
    expect(r.error).toMatch(/node f: actions\[0\] \(context\.set count\[\+\]\): .*"count" is number, not an array/);
  });

  it("the agent model sees a function node's call and result in its history", async () => {
    const s = spy(scriptedModel({ chat: ['It is lost, sorry.'] }));
    await converse({
      graph: {
        entry_node_id: 'f',
        tools,
        nodes: [
          {
            id: 'f',
            type: 'function',
            tool: 'lookup_order',
            arguments: { order_id: 'A' },
            transitions: [edge('a', 'say', { kind: 'always' })],
          },
          { id: 'say', type: 'conversation', instruction: { mode: 'prompt', text: 'Tell the status.' } },
        ],
      },
      test: { caller_script: [], tool_mocks: [{ tool: 'lookup_order', response: { status: 'lost' } }] },
      models: { agent: s.model },
    });
    expect(s.seen[0].messages.at(-1)).toEqual({ role: 'system', content: 'Tell the status.' });
    expect(s.seen[0].messages.filter((m) => m.role !== 'system')).toEqual([
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'node_call_1', name: 'lookup_order', arguments: { order_id: 'A' } }],
      },
      { role: 'tool', content: '{"status":"lost"}', tool_call_id: 'node_call_1', name: 'lookup_order' },
    ]);
  });

  it('speak_during_execution is spoken before the call', async () => {
    const r = await converse({
      graph: flow({
        arguments: { order_id: 'A' },
        speak_during_execution: { mode: 'static', text: 'One moment.' },
        output_variables: [{ output_key: 'status', variable: 'status' }],
      }),
      test: { caller_script: [], tool_mocks: [{ tool: 'lookup_order', response: { status: 'lost' } }] },
    });
    expect(r.said).toEqual([
      'agent: One moment.',
      'tool: lookup_order({"order_id":"A"}) -> {"status":"lost"}',
      'agent: Status lost.',
    ]);
  });
});
