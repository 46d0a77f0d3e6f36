import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../../src-shared/schemas/index.js';
import {
  addNode,
  changeNodeType,
  connect,
  deleteElements,
  duplicateNodes,
  emptyGraph,
  freeSpot,
  moveNodes,
  moveTransition,
  moveTransitionTo,
  setGlobal,
  sortedConditionEdges,
  uniqueId,
} from '../../../../src-renderer/features/graph-editor/model/graph-ops.js';
import { sampleGraph } from './fixtures.js';

const node = (g: AgentGraph, id: string) => g.nodes.find((n) => n.id === id)!;

describe('graph operations', () => {
  it('makes an empty agent that the schema accepts, with one conversation node as entry', () => {
    const g = emptyGraph('Clinic');
    expect(AgentGraph.parse(g)).toEqual(g);
    expect(g.nodes).toHaveLength(1);
    expect(g.nodes[0]!.type).toBe('conversation');
    expect(g.entry_node_id).toBe(g.nodes[0]!.id);
  });

  it('adds nodes of every type with unique ids, each accepted by the schema', () => {
    let g = sampleGraph();
    for (const t of [
      'conversation',
      'logic',
      'extract',
      'function',
      'transfer',
      'end',
      'press_digit',
      'conversation',
    ] as const) {
      g = addNode(g, t, { x: 1, y: 2 }).graph;
    }
    const ids = g.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('conversation_2');
    expect(() => AgentGraph.parse(g)).not.toThrow();
    expect(node(g, 'function_1')).toMatchObject({ type: 'function', tool: 'lookup' });
  });

  it('does not mutate its input', () => {
    const g = sampleGraph();
    const before = JSON.stringify(g);
    deleteElements(g, ['route']);
    connect(g, 'greet', 'end');
    moveTransition(g, 'standard', 't6', -1);
    duplicateNodes(g, ['greet']);
    expect(JSON.stringify(g)).toBe(before);
  });

  it('deleting a node removes the transitions into it and keeps the rest', () => {
    const input = sampleGraph();
    const g = deleteElements(input, ['end']);
    expect(g.nodes.map((n) => n.id)).not.toContain('end');
    expect(node(g, 'premium').transitions).toEqual([]);
    expect(node(g, 'standard').transitions.map((t) => t.id)).toEqual(['t6']);
    // untouched nodes keep their object (the canvas skips re-rendering them)
    expect(node(g, 'greet')).toBe(node(input, 'greet'));
  });

  it('deletes single edges by edge key', () => {
    const g = deleteElements(sampleGraph(), [], ['standard::t5']);
    expect(node(g, 'standard').transitions.map((t) => t.id)).toEqual(['t6']);
  });

  it('connecting creates a prompt edge with a fresh id (an equation on logic nodes)', () => {
    const r = connect(sampleGraph(), 'greet', 'end');
    expect(r.transitionId).toBe('edge-greet-to-end');
    const t = node(r.graph, 'greet').transitions.at(-1)!;
    expect(t).toMatchObject({ id: 'edge-greet-to-end', target: 'end', condition: { kind: 'prompt', prompt: '' } });
    const again = connect(r.graph, 'greet', 'end');
    expect(again.transitionId).toBe('edge-greet-to-end_2');
    const logic = connect(sampleGraph(), 'route', 'end');
    expect(node(logic.graph, 'route').transitions.at(-1)!.condition).toEqual({
      kind: 'equation',
      match: 'all',
      equations: [],
    });
    expect(connect(sampleGraph(), 'greet', 'nope').transitionId).toBeNull();
  });

  it('reorders condition edges without touching else/always edges, renumbering order only when orders are used', () => {
    const g = moveTransition(sampleGraph(), 'standard', 't6', -1);
    expect(node(g, 'standard').transitions.map((t) => t.id)).toEqual(['t6', 't5']);
    expect(node(g, 'standard').transitions.every((t) => t.order === undefined)).toBe(true);
    let h = sampleGraph();
    h = {
      ...h,
      nodes: h.nodes.map((n) =>
        n.id === 'standard' ? { ...n, transitions: n.transitions.map((t, i) => ({ ...t, order: 10 + i })) } : n,
      ),
    };
    const moved = moveTransition(h, 'standard', 't6', -1);
    expect(sortedConditionEdges(node(moved, 'standard')).map((t) => [t.id, t.order])).toEqual([
      ['t6', 10],
      ['t5', 11],
    ]);
    expect(moveTransition(h, 'standard', 't5', -1)).toBe(h);
  });

  it('drags a condition edge to any position of the priority order (the others keep their relative order)', () => {
    const base = sampleGraph();
    const three = {
      ...base,
      nodes: base.nodes.map((n) =>
        n.id === 'standard' ? { ...n, transitions: [...n.transitions, { ...n.transitions[0], id: 't7' }] } : n,
      ),
    };
    const ids = (g: typeof base) => sortedConditionEdges(node(g, 'standard')).map((t) => t.id);
    expect(ids(three)).toEqual(['t5', 't6', 't7']);
    expect(ids(moveTransitionTo(three, 'standard', 't7', 0))).toEqual(['t7', 't5', 't6']);
    expect(ids(moveTransitionTo(three, 'standard', 't5', 2))).toEqual(['t6', 't7', 't5']);
    expect(moveTransitionTo(three, 'standard', 't5', 0)).toBe(three);
    expect(moveTransitionTo(three, 'standard', 't5', 9)).toBe(three);
  });

  it('duplicates nodes with fresh ids, offset positions and edges between copies pointing at copies', () => {
    const r = duplicateNodes(sampleGraph(), ['premium', 'end']);
    expect(r.ids).toEqual(['premium_copy', 'end_copy']);
    const copy = node(r.graph, 'premium_copy');
    expect(copy.position).toEqual({ x: 640, y: -40 });
    expect(copy.transitions[0]!.target).toBe('end_copy');
    expect(copy.transitions[0]!.id).not.toBe('t4');
    const ids = r.graph.nodes.flatMap((n) => n.transitions.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);
    const g2 = duplicateNodes(sampleGraph(), ['cancel']).graph;
    expect(node(g2, 'cancel_copy').global!.entry_conditions[0]!.id).not.toBe('g1');
  });

  it('switching type keeps id, name, position, transitions and the main text', () => {
    const g = changeNodeType(sampleGraph(), 'premium', 'end');
    const n = node(g, 'premium');
    expect(n).toMatchObject({
      type: 'end',
      name: 'Premium',
      position: { x: 600, y: -100 },
      message: { mode: 'static', text: 'Welcome, {{name}}!' },
    });
    expect(n.transitions).toHaveLength(1);
    const back = changeNodeType(g, 'premium', 'conversation');
    expect(node(back, 'premium')).toMatchObject({ type: 'conversation', instruction: { text: 'Welcome, {{name}}!' } });
    expect(() => AgentGraph.parse(changeNodeType(sampleGraph(), 'greet', 'function'))).not.toThrow();
  });

  it('toggles global with an entry condition to fill in', () => {
    const on = setGlobal(sampleGraph(), 'premium', true);
    expect(node(on, 'premium').global).toEqual({
      entry_conditions: [{ id: 'premium-entry', condition: { kind: 'prompt', prompt: '' } }],
      go_back_conditions: [],
    });
    expect(node(setGlobal(on, 'premium', false), 'premium').global).toBeUndefined();
  });

  it('moves nodes to rounded positions and returns the same graph when nothing moved', () => {
    const g = sampleGraph();
    expect(moveNodes(g, { greet: { x: 0, y: 0 } })).toBe(g);
    expect(node(moveNodes(g, { greet: { x: 10.6, y: -3.2 } }), 'greet').position).toEqual({ x: 11, y: -3 });
  });

  it('uniqueId suffixes taken ids', () => {
    expect(uniqueId('a', new Set())).toBe('a');
    expect(uniqueId('a', new Set(['a', 'a_2']))).toBe('a_3');
  });
});

describe('a new node’s place', () => {
  const overlaps = (g: AgentGraph) => {
    const boxes = g.nodes.map((n) => n.position!);
    return boxes.some((a, i) => boxes.some((b, j) => i < j && Math.abs(a.x - b.x) < 240 && Math.abs(a.y - b.y) < 120));
  };
  it('never lands on top of an existing node: ten adds at the same point make ten separate cards', () => {
    let g = emptyGraph('t');
    for (let i = 0; i < 10; i++) g = addNode(g, 'conversation', { x: 100, y: 100 }).graph;
    expect(g.nodes.filter((n) => n.position)).toHaveLength(g.nodes.length);
    expect(overlaps(g)).toBe(false);
  });
  it('keeps the point asked for when it is free, else takes the nearest free one', () => {
    const g = { nodes: [{ position: { x: 0, y: 0 } }] } as unknown as AgentGraph;
    expect(freeSpot(g, { x: 600, y: 0 })).toEqual({ x: 600, y: 0 });
    const moved = freeSpot(g, { x: 10, y: 10 });
    expect(Math.abs(moved.x) >= 264 || Math.abs(moved.y) >= 144).toBe(true);
    expect(Math.hypot(moved.x - 10, moved.y - 10)).toBeLessThan(300);
  });
});
