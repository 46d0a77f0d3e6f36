import { describe, expect, it } from 'vitest';
import { converse, staticNode } from '../helpers.js';

describe('global nodes and the origin stack', () => {
  it('entry pushes the origin; go-back pops and resumes there (agent speaks again at the origin)', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'main',
        nodes: [
          staticNode('main', 'How can I help with your order?'),
          staticNode('human', 'I can get you a person. Anything else first?', [], {
            global: {
              entry_conditions: [{ id: 'to-human', condition: { kind: 'prompt', prompt: 'caller asks for a human' } }],
              go_back_conditions: [{ id: 'back', condition: { kind: 'prompt', prompt: 'caller wants to continue' } }],
            },
          }),
        ],
      },
      test: { caller_script: ['Can I talk to a person?', 'Actually, never mind.', 'Thanks'] },
      agent: {
        route: [
          { transition: 'to-human', reason: 'asked for a person' },
          { transition: 'back', reason: 'wants to continue' },
          'none',
        ],
      },
    });
    expect(r.said).toEqual([
      'agent: How can I help with your order?',
      'caller: Can I talk to a person?',
      'agent: I can get you a person. Anything else first?',
      'caller: Actually, never mind.',
      'agent: How can I help with your order?',
      'caller: Thanks',
      'agent: How can I help with your order?',
    ]);
    expect(r.visits.map((v) => [v.node, v.via, v.reason])).toEqual([
      ['main', undefined, 'entry'],
      ['human', 'to-human', 'asked for a person'],
      ['main', 'back', 'wants to continue'],
    ]);
    expect(r.transcript[2].node).toBe('human');
  });

  it('global nodes stack: each go-back pops one level (equation conditions, no model call)', async () => {
    const turnIs = (op: string, n: number) => ({
      kind: 'equation',
      equations: [{ left: 'turn', operator: op, right: String(n) }],
    });
    const r = await converse({
      graph: {
        entry_node_id: 'main',
        nodes: [
          staticNode('main', 'Main menu.'),
          staticNode('g1', 'Billing help.', [], {
            global: {
              entry_conditions: [{ id: 'in1', condition: turnIs('==', 1) }],
              go_back_conditions: [{ id: 'back1', condition: turnIs('>=', 4) }],
            },
          }),
          staticNode('g2', 'Manager here.', [], {
            global: {
              entry_conditions: [{ id: 'in2', condition: turnIs('==', 2) }],
              go_back_conditions: [{ id: 'back2', condition: turnIs('>=', 3) }],
            },
          }),
        ],
      },
      test: { caller_script: ['one', 'two', 'three', 'four', 'five'] },
      agent: { route: [{ $error: 'the router must not be called' }] },
    });
    expect(r.error).toBeNull();
    expect(r.visits.map((v) => [v.node, v.via ?? '', v.reason])).toEqual([
      ['main', '', 'entry'],
      ['g1', 'in1', 'global'],
      ['g2', 'in2', 'global'],
      ['g1', 'back2', 'go_back'],
      ['main', 'back1', 'go_back'],
    ]);
    expect(r.said.filter((l) => l.startsWith('agent')).map((l) => l.slice(7))).toEqual([
      'Main menu.',
      'Billing help.',
      'Manager here.',
      'Billing help.',
      'Main menu.',
      'Main menu.',
    ]);
    expect(r.calls).toEqual([]);
  });
});
