import { describe, expect, it } from 'vitest';
import { countPaths, coverageLine, graphCoverage, nodeReach, nodeReachText } from '../../../src-shared/coverage.js';
import { AgentGraph } from '../../../src-shared/schemas/index.js';

/** Two nodes use the same transition id ("next"): an edge is named by its source too. One global node. */
const g = AgentGraph.parse({
  name: 'g',
  entry_node_id: 'a',
  nodes: [
    {
      id: 'a',
      type: 'conversation',
      instruction: { text: 'hi' },
      transitions: [
        { id: 'next', target: 'b', condition: { kind: 'prompt', prompt: 'yes' } },
        { id: 'other', target: 'c', condition: { kind: 'else' } },
      ],
    },
    {
      id: 'b',
      type: 'conversation',
      instruction: { text: 'b' },
      transitions: [{ id: 'next', target: 'c', condition: { kind: 'always' } }],
    },
    { id: 'c', type: 'end' },
    {
      id: 'human',
      type: 'transfer',
      global: { entry_conditions: [{ id: 'ask_human', condition: { kind: 'prompt', prompt: 'wants a human' } }] },
    },
  ],
});

describe('graph coverage (shared by the app and the CLI)', () => {
  it('counts an edge by source and transition id, and names the gaps', () => {
    const c = graphCoverage(g, [
      [
        { node: 'a', turn: 0 },
        { node: 'b', turn: 1, via: 'next' },
      ],
      [{ node: 'a', turn: 0 }],
    ] as never);
    expect(c.conversations).toBe(2);
    expect(c.node_visits).toEqual({ a: 2, b: 1, c: 0, human: 0 });
    expect(c.edges.map((e) => [e.key, e.taken])).toEqual([
      ['a::next', 1],
      ['a::other', 0],
      ['b::next', 0],
    ]);
    expect(c.uncovered_edges.map((e) => e.key)).toEqual(['a::other', 'b::next']);
    expect(c.uncovered_globals.map((x) => x.node)).toEqual(['human']);
    expect(c.uncovered_nodes).toEqual(['c', 'human']);
    expect(c.edge_share).toBeCloseTo(1 / 3);
    expect(coverageLine(c)).toBe('1 of 3 edges (33%), 2 of 4 nodes, 0 of 1 global node reached by 2 conversations');
  });

  it('a global node entered from anywhere is covered; a path of another version counts by ids', () => {
    const c = graphCoverage(g, [
      [
        { node: 'a', turn: 0 },
        { node: 'human', turn: 1, via: 'ask_human' },
        { node: 'gone', turn: 2, via: 'old' },
      ],
    ] as never);
    expect(c.uncovered_globals).toEqual([]);
    expect(c.node_visits).not.toHaveProperty('gone');
    expect(graphCoverage(g, []).edge_share).toBe(0);
  });

  it('one definition of a reached node: the start node and global nodes count, unknown nodes do not', () => {
    const paths = [
      [
        { node: 'a', turn: 0 },
        { node: 'human', turn: 1, via: 'ask_human' },
        { node: 'gone', turn: 2, via: 'old' },
      ],
      [{ node: 'a', turn: 0 }],
    ] as never;
    const counts = countPaths(paths).nodes;
    const reach = nodeReach(g, (id) => counts.get(id));
    // a (the start) and human (a global node) reached; "gone" is not in the graph
    expect(reach).toEqual({ reached: 2, total: 4, never: ['b', 'c'] });
    expect(reach.reached + reach.never.length).toBe(reach.total);
    // the heat map's counts and the coverage give the same numbers
    const c = graphCoverage(g, paths);
    expect(c.uncovered_nodes).toEqual(reach.never);
    expect(c.node_share).toBe(reach.reached / reach.total);
    expect(coverageLine(c)).toContain(`${nodeReachText(reach)},`);
    expect(nodeReachText({ reached: 1, total: 1 })).toBe('1 of 1 node');
  });

  it('a graph nobody ran: nothing reached, every node a gap', () => {
    expect(nodeReach(g, () => undefined)).toEqual({ reached: 0, total: 4, never: ['a', 'b', 'c', 'human'] });
    expect(coverageLine(graphCoverage(g, []))).toBe(
      '0 of 3 edges (0%), 0 of 4 nodes, 0 of 1 global node reached by 0 conversations',
    );
  });
});
