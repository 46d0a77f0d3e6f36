import { describe, expect, it } from 'vitest';
import { conditionText, describeMove, variableChanges } from '../../../../src-main/engine/interactive/index.js';
import { routeAnswer } from '../../../../src-main/engine/interactive/recording-calls.js';
import { edge, graph, staticNode } from '../helpers.js';

const g = graph({
  entry_node_id: 'a',
  nodes: [
    staticNode('a', 'Hi', [
      edge('t1', 'b', {
        kind: 'equation',
        match: 'any',
        equations: [
          { left: 'x', operator: '>', right: '3' },
          { left: 'y', operator: 'not_exists' },
        ],
      }),
    ]),
    staticNode('b', 'B', [edge('t2', 'a', { kind: 'skip' })]),
    {
      id: 'help',
      type: 'conversation',
      instruction: { mode: 'static', text: 'Help' },
      transitions: [],
      global: {
        entry_conditions: [{ id: 'g_in', condition: { kind: 'prompt', prompt: 'asks for help' } }],
        go_back_conditions: [{ id: 'g_back', condition: { kind: 'prompt', prompt: 'is done' } }],
      },
    },
    {
      id: 'pd',
      type: 'press_digit',
      instruction: { mode: 'static', text: 'Press 1' },
      variable: 'choice',
      transitions: [],
    },
  ],
} as never);

describe('decision log', () => {
  it('names each move by what the graph says about it', () => {
    expect(describeMove(g, 'a', { node: 'b', turn: 1, via: 't1', reason: 'equation' })).toEqual({
      from: 'a',
      to: 'b',
      via: 't1',
      kind: 'equation',
      condition: 'x > 3 or y not_exists',
      reason: 'the equation holds',
    });
    expect(describeMove(g, 'b', { node: 'a', turn: 2, via: 't2', reason: 'skip' })).toMatchObject({
      kind: 'skip',
      reason: 'skip: the node does not wait for a reply',
    });
    expect(describeMove(g, 'a', { node: 'help', turn: 3, via: 'g_in', reason: 'caller asked for help' })).toEqual({
      from: 'a',
      to: 'help',
      via: 'g_in',
      kind: 'global',
      condition: 'asks for help',
      reason: 'caller asked for help',
    });
    expect(describeMove(g, 'help', { node: 'a', turn: 4, via: 'g_back', reason: 'done now' })).toMatchObject({
      kind: 'go_back',
      condition: 'is done',
    });
    expect(describeMove(g, null, { node: 'a', turn: 0, reason: 'entry' })).toEqual({
      from: null,
      to: 'a',
      kind: 'entry',
      reason: 'the conversation starts here',
    });
    expect(describeMove(g, 'a', { node: 'b', turn: 1, via: 'gone', reason: 'x' })).toMatchObject({ kind: 'jump' });
  });

  it('condition text: prompts as written, equations joined by and/or, none for else', () => {
    expect(conditionText({ kind: 'prompt', prompt: '  wants a refund ' })).toBe('wants a refund');
    expect(
      conditionText({
        kind: 'equation',
        match: 'all',
        equations: [
          { left: 'a', operator: '==', right: '1' },
          { left: 'b', operator: 'exists' },
        ],
      }),
    ).toBe('a == 1 and b exists');
    expect(conditionText({ kind: 'else' })).toBeUndefined();
  });

  it('variable changes: new, changed and removed keys, with where they came from', () => {
    const out = variableChanges(g, { keep: 1, old: 'x', choice: '2' }, { keep: 1, choice: '1', fresh: { a: 1 } }, [
      'a',
      'pd',
    ]);
    expect(out).toEqual([
      { name: 'choice', value: '1', previous: '2', source: 'keypad', node: 'pd' },
      { name: 'fresh', value: { a: 1 }, source: 'set' },
      { name: 'old', value: null, previous: 'x', source: 'removed' },
    ]);
  });

  it('route answers: an offered id, or null for none or an id that was not offered', () => {
    const req = { messages: [], schema: { properties: { transition: { enum: ['t1', 'g_in', 'none'] } } } };
    expect(routeAnswer('a', req, { transition: 't1', reason: ' the caller  agreed ' })).toEqual({
      node: 'a',
      chosen: 't1',
      reason: 'the caller agreed',
    });
    expect(routeAnswer('a', req, { transition: 'none', reason: '' })).toEqual({
      node: 'a',
      chosen: null,
      reason: 'router: none of the conditions holds',
    });
    expect(routeAnswer('a', req, { transition: 'made_up' }).chosen).toBeNull();
  });
});
