import { describe, expect, it } from 'vitest';
import { GlobalStack } from '../../../../src-main/engine/conversation/global-stack.js';
import { decide, skipDecision, type RouteOption } from '../../../../src-main/engine/conversation/transitions.js';
import { VariableStore } from '../../../../src-main/engine/conversation/variables/index.js';
import { edge, graph, staticNode } from '../helpers.js';

const eq = (left: string, operator: string, right?: string) => ({
  kind: 'equation',
  equations: [{ left, operator, ...(right !== undefined ? { right } : {}) }],
});
const prompt = (p: string) => ({ kind: 'prompt', prompt: p });

function setup(nodes: unknown[], vars: Record<string, unknown> = {}, answer: string | null = null) {
  const g = graph({ entry_node_id: (nodes[0] as { id: string }).id, nodes: nodes as never });
  const asked: RouteOption[][] = [];
  const router = async (options: RouteOption[]) => {
    asked.push(options);
    return { key: answer, reason: answer ? `because ${answer}` : 'nothing fits' };
  };
  const v = new VariableStore({ test: vars }, { callId: 'c', turn: () => 0 });
  const stack = new GlobalStack();
  const run = (id: string, includeGlobals = true) =>
    decide({
      graph: g,
      node: g.nodes.find((n) => n.id === id)!,
      vars: v,
      stack,
      includeGlobals,
      router,
      template: (t) => t.replace('{{x}}', 'X'),
    });
  return { run, asked, stack };
}

describe('transition priority', () => {
  it('condition edges go by `order`, not array position; equations need no router call', async () => {
    const { run, asked } = setup(
      [
        staticNode('n', 'hi', [
          edge('late', 'b', eq('tier', '==', 'gold'), 2),
          edge('early', 'a', eq('tier', 'exists'), 1),
        ]),
        staticNode('a', 'A'),
        staticNode('b', 'B'),
      ],
      { tier: 'gold' },
    );
    expect(await run('n')).toMatchObject({
      kind: 'move',
      how: 'equation',
      via: 'early',
      target: 'a',
      reason: 'equation',
    });
    expect(asked).toEqual([]);
  });

  it('all prompt conditions ranked before the first matching equation go to ONE router call', async () => {
    const { run, asked } = setup(
      [
        staticNode('n', 'hi', [
          edge('p1', 'a', prompt('caller wants {{x}}'), 0),
          edge('e1', 'b', eq('flag', '==', 'yes'), 1),
          edge('p2', 'c', prompt('never asked: ranked after a matching equation'), 2),
        ]),
        staticNode('a', 'A'),
        staticNode('b', 'B'),
        staticNode('c', 'C'),
      ],
      { flag: 'yes' },
      null,
    );
    expect(await run('n')).toMatchObject({ kind: 'move', how: 'equation', via: 'e1', target: 'b' });
    expect(asked).toEqual([[{ key: 'p1', prompt: 'caller wants X' }]]);
  });

  it('the router answer wins and its reason is recorded', async () => {
    const { run, asked } = setup(
      [
        staticNode('n', 'hi', [
          edge('p1', 'a', prompt('wants A')),
          edge('p2', 'b', prompt('wants B')),
          edge('else', 'c', { kind: 'else' }),
        ]),
        staticNode('a', 'A'),
        staticNode('b', 'B'),
        staticNode('c', 'C'),
      ],
      {},
      'p2',
    );
    expect(await run('n')).toEqual({ kind: 'move', how: 'prompt', via: 'p2', target: 'b', reason: 'because p2' });
    expect(asked).toHaveLength(1);
    expect(asked[0].map((o) => o.key)).toEqual(['p1', 'p2']);
  });

  it('no condition match: else, then always, then skip; nothing: stay', async () => {
    const both = setup([
      staticNode('n', 'hi', [
        edge('al', 'a', { kind: 'always' }),
        edge('el', 'b', { kind: 'else' }),
        edge('p', 'c', prompt('x')),
      ]),
      staticNode('a', 'A'),
      staticNode('b', 'B'),
      staticNode('c', 'C'),
    ]);
    expect(await both.run('n')).toMatchObject({ how: 'else', via: 'el', target: 'b' });
    const always = setup([
      staticNode('n', 'hi', [edge('sk', 'b', { kind: 'skip' }), edge('al', 'a', { kind: 'always' })]),
      staticNode('a', 'A'),
      staticNode('b', 'B'),
    ]);
    expect(await always.run('n')).toMatchObject({ how: 'always', via: 'al' });
    const skip = setup([staticNode('n', 'hi', [edge('sk', 'b', { kind: 'skip' })]), staticNode('b', 'B')]);
    expect(await skip.run('n')).toMatchObject({ how: 'skip', via: 'sk' });
    const none = setup([staticNode('n', 'hi', [edge('p', 'c', prompt('x'))]), staticNode('c', 'C')]);
    expect(await none.run('n')).toEqual({ kind: 'stay', reason: 'no condition matched' });
    expect(await setup([staticNode('n', 'hi')]).run('n')).toEqual({ kind: 'stay', reason: 'no way out' });
  });

  it('skip-response nodes leave by their skip edge first, else always', () => {
    const g = graph({
      entry_node_id: 'n',
      nodes: [
        staticNode('n', 'x', [edge('al', 'a', { kind: 'always' }), edge('sk', 'b', { kind: 'skip' })]),
        staticNode('a', 'A'),
        staticNode('b', 'B'),
      ],
    });
    expect(skipDecision(g.nodes[0])).toMatchObject({ how: 'skip', via: 'sk', target: 'b' });
  });

  it('global entry conditions come first: an equation entry wins without a router call', async () => {
    const { run, asked } = setup(
      [
        staticNode('n', 'hi', [edge('p1', 'a', prompt('wants A'), 0)]),
        staticNode('a', 'A'),
        staticNode('g', 'Operator', [], {
          global: { entry_conditions: [{ id: 'g-eq', condition: eq('angry', '==', 'true') }] },
        }),
      ],
      { angry: 'true' },
      'p1',
    );
    expect(await run('n')).toMatchObject({ how: 'global', via: 'g-eq', target: 'g', global: true });
    expect(asked).toEqual([]);
  });

  it('global prompt entries share the one router call with local prompts, listed first', async () => {
    const { run, asked } = setup(
      [
        staticNode('n', 'hi', [edge('p1', 'a', prompt('wants A'))]),
        staticNode('a', 'A'),
        staticNode('g', 'Human', [], {
          global: { entry_conditions: [{ id: 'g-human', condition: prompt('asks for a human') }] },
        }),
      ],
      {},
      'g-human',
    );
    expect(await run('n')).toMatchObject({ how: 'prompt', via: 'g-human', target: 'g', global: true });
    expect(asked[0].map((o) => o.key)).toEqual(['g-human', 'p1']);
  });

  it('global entries are ignored when a silent node is entered, on the node itself, and while on the stack', async () => {
    const nodes = [
      staticNode('n', 'hi', [edge('p1', 'a', prompt('wants A'))]),
      staticNode('a', 'A'),
      staticNode('g', 'Human', [], {
        global: {
          entry_conditions: [{ id: 'g-human', condition: prompt('asks for a human') }],
          go_back_conditions: [{ id: 'back', condition: prompt('done') }],
        },
      }),
    ];
    const s1 = setup(nodes);
    await s1.run('n', false);
    expect(s1.asked[0].map((o) => o.key)).toEqual(['p1']);
    const s2 = setup(nodes);
    await s2.run('g');
    expect(s2.asked).toEqual([]);
    const s3 = setup(nodes, {}, 'back');
    s3.stack.push('n', 'g');
    expect(await s3.run('g')).toMatchObject({ kind: 'move', via: 'back', target: null });
    expect(s3.asked[0].map((o) => o.key)).toEqual(['back']);
    const s4 = setup(nodes);
    s4.stack.push('n', 'g');
    await s4.run('n');
    expect(s4.asked[0].map((o) => o.key)).toEqual(['p1']);
  });

  it('go-back equations pop without the router; duplicate ids get unique router keys', async () => {
    const nodes = [
      staticNode('n', 'hi', [edge('dup', 'a', prompt('one')), edge('dup', 'b', prompt('two'))]),
      staticNode('a', 'A'),
      staticNode('b', 'B'),
      staticNode('g', 'G', [], {
        global: {
          entry_conditions: [{ id: 'gi', condition: prompt('x') }],
          go_back_conditions: [{ id: 'back', condition: eq('resolved', 'exists') }],
        },
      }),
    ];
    const s = setup(nodes, { resolved: 'yes' });
    s.stack.push('n', 'g');
    expect(await s.run('g')).toMatchObject({ how: 'go_back', via: 'back', target: null, reason: 'go_back' });
    const d = setup(nodes, {}, 'dup#2');
    expect(await d.run('n')).toMatchObject({ via: 'dup', target: 'b' });
    expect(d.asked[0].map((o) => o.key)).toEqual(['gi', 'dup', 'dup#2']);
  });
});
