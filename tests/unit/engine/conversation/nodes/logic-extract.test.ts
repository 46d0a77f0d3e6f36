import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../../../../src-main/providers/scripted.js';
import { converse, edge, spy, staticNode, unboundedParts } from '../../helpers.js';

const eq = (left: string, operator: string, right?: string) => ({
  kind: 'equation',
  equations: [{ left, operator, ...(right !== undefined ? { right } : {}) }],
});

describe('logic node', () => {
  it('routes on equations only (first match by order, else fallback), with no model call and no speech', async () => {
    const s = spy(scriptedModel({}));
    const g = (tier: string) =>
      converse({
        graph: {
          entry_node_id: 'split',
          nodes: [
            {
              id: 'split',
              type: 'logic',
              transitions: [
                edge('gold', 'vip', eq('user.tier', '==', 'gold'), 0),
                edge('big', 'vip', eq('spend', '>', '1000'), 1),
                edge('else', 'std', { kind: 'else' }),
              ],
            },
            staticNode('vip', 'Welcome, valued member.'),
            staticNode('std', 'Hello.'),
          ],
        },
        test: { caller_script: [], dynamic_variables: { user: { tier }, spend: '50' } },
        models: { agent: s.model },
      });
    const gold = await g('gold');
    expect(gold.said).toEqual(['agent: Welcome, valued member.']);
    expect(gold.visits.map((v) => [v.node, v.via, v.reason])).toEqual([
      ['split', undefined, 'entry'],
      ['vip', 'gold', 'equation'],
    ]);
    const std = await g('free');
    expect(std.path).toEqual(['split', 'std']);
    expect(std.visits[1].reason).toBe('else');
    expect(s.seen).toEqual([]);
  });

  it('a logic node with no match waits for the caller and re-evaluates after the caller turn', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'a',
        first_speaker: 'caller',
        nodes: [
          { id: 'a', type: 'logic', transitions: [edge('t', 'b', eq('turn', '>=', '2'))] },
          staticNode('b', 'Now.'),
        ],
      },
      test: { caller_script: ['one', 'two', 'three'] },
    });
    expect(r.said).toEqual(['caller: one', 'caller: two', 'agent: Now.', 'caller: three', 'agent: Now.']);
  });

  it('a transition loop between silent nodes is stopped with an error naming the nodes', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'a',
        nodes: [
          { id: 'a', type: 'logic', transitions: [edge('1', 'b', { kind: 'always' })] },
          { id: 'b', type: 'logic', transitions: [edge('2', 'a', { kind: 'always' })] },
        ],
      },
      test: { caller_script: [] },
    });
    expect(r.endReason).toBe('error');
    expect(r.error).toMatch(/transition loop: 33 node changes without a caller turn \(recent: .*a -> b/);
  });

  it('a transition to a missing node ends with an error naming it', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'a',
        nodes: [{ id: 'a', type: 'logic', transitions: [edge('1', 'ghost', { kind: 'always' })] }],
      },
      test: { caller_script: [] },
    });
    expect(r.error).toMatch(/node "ghost" does not exist in the graph \(nodes: a\)/);
  });
});

describe('extract node', () => {
  const graph = {
    entry_node_id: 'ask',
    first_speaker: 'caller' as const,
    nodes: [
      staticNode('ask', 'How can I help?', [edge('go', 'x', { kind: 'always' })]),
      {
        id: 'x',
        type: 'extract',
        instruction: { mode: 'prompt', text: 'Order ids look like A17.' },
        variables: [
          { name: 'order_id', type: 'text', description: 'the order number' },
          { name: 'qty', type: 'number', description: 'how many' },
          { name: 'gift', type: 'boolean' },
          { name: 'reason', type: 'enum', choices: ['late', 'broken'] },
          { name: 'workflow.note', type: 'text' },
        ],
        transitions: [
          edge('broken', 'refund', eq('reason', '==', 'broken'), 0),
          edge('many', 'bulk', eq('qty', '>=', '10'), 1),
          edge('else', 'other', { kind: 'else' }),
        ],
      },
      staticNode('refund', 'Refund for {{order_id}} ({{qty}}, gift {{gift}}).'),
      staticNode('bulk', 'Bulk order.'),
      staticNode('other', 'Other.'),
    ],
  } as never;

  it('extracting into user.* (the read-only caller data) ends the conversation with an error naming the node and variable', async () => {
    const g = {
      entry_node_id: 'x',
      first_speaker: 'caller' as const,
      nodes: [
        {
          id: 'x',
          type: 'extract',
          instruction: { mode: 'prompt', text: 'Get the name.' },
          variables: [{ name: 'user.name', type: 'text' }],
          transitions: [],
        },
      ],
    } as never;
    const r = await converse({
      graph: g,
      test: { caller_script: ['I am Eve'], dynamic_variables: { user: { name: 'Dana' } } },
      models: { agent: scriptedModel({ extract: [{ 'user.name': 'Eve' }] }) },
    });
    expect(r.endReason).toBe('error');
    expect(r.error).toMatch(
      /^node x: extracted variable user\.name: variable path "user\.name": user\.\* is the caller data the call started with and cannot change during the call/,
    );
    expect(r.variables).toMatchObject({ user: { name: 'Dana' } });
  });

  it('makes ONE structured call for all typed variables, stores them, then routes on equations', async () => {
    const s = spy(
      scriptedModel({
        extract: [{ order_id: ' A17 ', qty: '3', gift: 'true', reason: 'Broken', 'workflow.note': 'n' }],
      }),
    );
    const r = await converse({
      graph,
      test: { caller_script: ['My order A17 arrived broken'] },
      models: { agent: s.model },
    });
    const calls = s.seen.filter((c) => c.purpose === 'extract');
    expect(calls).toHaveLength(1);
    expect(calls[0].schema).toMatchObject({
      type: 'object',
      properties: {
        order_id: { type: 'string', maxLength: 120 },
        qty: { type: ['number', 'null'], minimum: -1e12, maximum: 1e12 },
        gift: { type: ['boolean', 'null'] },
        reason: { enum: ['late', 'broken', null] },
      },
    });
    expect(unboundedParts(calls[0].schema)).toEqual([]);
    // the variables lead (system message), the conversation comes last
    expect(calls[0].messages[0].content).toContain('- order_id (text): the order number');
    expect(calls[0].messages[0].content).toContain('- reason (enum, one of: late, broken)');
    expect(calls[0].messages[0].content).toContain('Order ids look like A17.');
    expect(calls[0].messages[1].content).toContain('caller: My order A17 arrived broken');
    expect(r.variables).toMatchObject({
      order_id: 'A17',
      qty: 3,
      gift: true,
      reason: 'broken',
      workflow: { note: 'n' },
    });
    expect(r.said.at(-1)).toBe('agent: Refund for A17 (3, gift true).');
    expect(r.path).toEqual(['ask', 'x', 'refund']);
  });

  it('null / unusable values leave variables unset, so routing falls through', async () => {
    const r = await converse({
      graph,
      test: { caller_script: ['hm'], dynamic_variables: { qty: 12 } },
      agent: { extract: [{ order_id: '', qty: 'lots', gift: null, reason: 'unknown' }] },
    });
    expect(r.variables).not.toHaveProperty('order_id');
    expect(r.variables).not.toHaveProperty('reason');
    expect(r.variables.qty).toBe(12);
    expect(r.path).toEqual(['ask', 'x', 'bulk']);
  });
});
