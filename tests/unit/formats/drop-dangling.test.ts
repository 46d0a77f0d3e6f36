import { describe, expect, it } from 'vitest';
import { dropDanglingTransitions } from '../../../src-main/formats/drop-dangling.js';
import { AgentGraph } from '../../../src-shared/schemas/index.js';

const graph = () =>
  AgentGraph.parse({
    name: 'g',
    entry_node_id: 'a',
    nodes: [
      {
        id: 'a',
        type: 'conversation',
        instruction: { mode: 'prompt', text: 'hi' },
        transitions: [
          { id: 't0', target: 'gone', condition: { kind: 'prompt', prompt: 'x', order: 0 } },
          { id: 't1', target: 'b', condition: { kind: 'prompt', prompt: 'y', order: 1 } },
          { id: 't2', target: 'also-gone', condition: { kind: 'prompt', prompt: 'z', order: 2 } },
          { id: 't3', target: 'b', condition: { kind: 'always' } },
        ],
      },
      { id: 'b', type: 'end', transitions: [] },
    ],
  });

describe('dropDanglingTransitions', () => {
  it('removes only transitions to missing nodes and lists each with where it was', () => {
    const g = graph();
    const r = dropDanglingTransitions(g);
    expect(r.graph.nodes[0]!.transitions.map((t) => t.id)).toEqual(['t1', 't3']);
    expect(r.dropped).toEqual([
      { node_id: 'a', transition_id: 't0', target: 'gone', graph_path: 'nodes[0].transitions[0]' },
      { node_id: 'a', transition_id: 't2', target: 'also-gone', graph_path: 'nodes[0].transitions[2]' },
    ]);
    expect(g.nodes[0]!.transitions).toHaveLength(4); // the input is not changed
  });

  it('maps paths in the pruned graph back to the transition they were before', () => {
    const r = dropDanglingTransitions(graph());
    expect(r.originalPath('nodes[0].transitions[0].condition.prompt')).toBe('nodes[0].transitions[1].condition.prompt');
    expect(r.originalPath('nodes[0].transitions[1]')).toBe('nodes[0].transitions[3]');
    expect(r.originalPath('nodes[1].prompt')).toBe('nodes[1].prompt');
    expect(r.originalPath('entry_node_id')).toBe('entry_node_id');
  });

  it('returns the same graph when nothing dangles', () => {
    const g = dropDanglingTransitions(graph()).graph;
    const again = dropDanglingTransitions(g);
    expect(again.graph).toBe(g);
    expect(again.dropped).toEqual([]);
  });
});
