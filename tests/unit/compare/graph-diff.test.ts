import { describe, expect, it } from 'vitest';
import { diffGraphs } from '../../../src-main/compare/graph-diff.js';
import { AgentGraph, type AgentGraphInput } from '../../../src-shared/schemas/index.js';

const base: AgentGraphInput = {
  name: 'Dental',
  entry_node_id: 'greet',
  global_prompt: 'You are Ava, a scheduler.',
  snippets: { bye: 'Thanks for calling.' },
  tools: [{ name: 'book', description: 'Book a slot' }],
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      instruction: { text: 'Greet the caller and ask how you can help.' },
      position: { x: 0, y: 0 },
      transitions: [
        { id: 'e_book', target: 'book', condition: { kind: 'prompt', prompt: 'Caller wants to book' } },
        { id: 'e_else', target: 'end', condition: { kind: 'else' } },
      ],
    },
    {
      id: 'book',
      type: 'function',
      tool: 'book',
      transitions: [{ id: 'e_done', target: 'end', condition: { kind: 'always' } }],
    },
    { id: 'end', type: 'end', message: { mode: 'static', text: 'Goodbye.' } },
  ],
};

const g = (patch: (x: AgentGraphInput) => void) => {
  const x = structuredClone(base);
  patch(x);
  return AgentGraph.parse(x);
};

describe('diffGraphs', () => {
  it('no changes for the same graph, and layout moves are ignored', () => {
    expect(diffGraphs(AgentGraph.parse(base), AgentGraph.parse(base))).toEqual([]);
    expect(
      diffGraphs(
        AgentGraph.parse(base),
        g((x) => {
          x.nodes[0].position = { x: 500, y: 9 };
        }),
      ),
    ).toEqual([]);
  });

  it('prompt changes with word differences', () => {
    const changes = diffGraphs(
      AgentGraph.parse(base),
      g((x) => {
        (x.nodes[0] as { instruction: { text: string } }).instruction.text =
          'Greet the caller by name and ask how you can help.';
        x.global_prompt = 'You are Ava, a friendly scheduler.';
      }),
    );
    expect(changes.map((c) => [c.kind, c.target, c.node ?? null, c.field])).toEqual([
      ['changed', 'prompt', null, 'global_prompt'],
      ['changed', 'prompt', 'greet', 'instruction'],
    ]);
    expect(changes[1].words?.filter((w) => w.op === '+').map((w) => w.text.trim())).toEqual(['by name']);
    expect(changes[1].text).toContain('node greet instruction changed');
  });

  it('nodes and edges added, removed and changed', () => {
    const changes = diffGraphs(
      AgentGraph.parse(base),
      g((x) => {
        x.nodes = x.nodes.filter((n) => n.id !== 'book');
        x.nodes.push({ id: 'transfer', type: 'transfer', target: '+15550100', transitions: [] });
        const t = x.nodes[0].transitions!;
        t[0] = { id: 'e_book', target: 'transfer', condition: { kind: 'prompt', prompt: 'Caller wants a human' } };
        t.push({
          id: 'e_vip',
          target: 'end',
          order: 1,
          condition: { kind: 'equation', equations: [{ left: 'user.tier', operator: '==', right: 'gold' }] },
        });
      }),
    );
    const lines = changes.map((c) => c.text);
    expect(lines).toContain('edge from greet now goes to transfer (was book)');
    expect(lines).toContain(
      'edge greet -> transfer condition: prompt "Caller wants to book" -> prompt "Caller wants a human"',
    );
    expect(lines).toContain('edge greet -> end (equation user.tier == "gold") added');
    expect(lines).toContain('node book (function) removed');
    expect(lines).toContain('node transfer (transfer) added');
    expect(changes.filter((c) => c.target === 'edge').every((c) => c.node === 'greet')).toBe(true);
  });

  it('speaks in node names when nodes have them (issue 17), keeping the ids in node/edge', () => {
    const named = (x: AgentGraphInput) => {
      x.nodes[0].name = 'Welcome';
      x.nodes[1].name = 'Book a slot';
      x.nodes[2].name = 'Goodbye';
    };
    const changes = diffGraphs(
      g(named),
      g((x) => {
        named(x);
        x.nodes.push({
          id: 'conversation_1',
          name: 'Collect date of birth',
          type: 'conversation',
          instruction: { text: 'Ask for the date of birth.' },
          transitions: [],
        });
        x.nodes[0].transitions![0].target = 'conversation_1';
      }),
    );
    const lines = changes.map((c) => c.text);
    expect(lines).toContain('edge from “Welcome” now goes to “Collect date of birth” (was “Book a slot”)');
    expect(lines).toContain('node “Collect date of birth” (conversation) added');
    expect(changes.find((c) => c.target === 'node')?.node).toBe('conversation_1');
    expect(lines.join('\n')).not.toMatch(/conversation_1|e_book/);
  });

  it('node settings, tools, snippets, entry node and static/prompt mode', () => {
    const changes = diffGraphs(
      AgentGraph.parse(base),
      g((x) => {
        x.entry_node_id = 'end';
        x.tools = [
          { name: 'book', description: 'Book an appointment slot' },
          { name: 'lookup', description: '' },
        ];
        x.snippets = { bye: 'Thanks for calling Dental.', hi: 'Hello' };
        (x.nodes[2] as { message: { mode: string; text: string } }).message.mode = 'prompt';
        (x.nodes[1] as { tool: string }).tool = 'lookup';
      }),
    );
    const keys = changes.map((c) => `${c.kind} ${c.target} ${c.field ?? ''}`.trim());
    expect(keys).toEqual([
      'changed graph entry_node_id',
      'changed snippet snippets.bye',
      'added snippet snippets.hi',
      'changed tool',
      'added tool',
      'changed node tool',
      'changed prompt message.mode',
    ]);
  });
});
