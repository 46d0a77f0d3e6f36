import { describe, expect, it } from 'vitest';
import { updateNode } from '../../../../src-renderer/features/graph-editor/model/graph-ops.js';
import { indexIssues } from '../../../../src-renderer/features/graph-editor/model/issues.js';
import { pathOverlay } from '../../../../src-renderer/features/graph-editor/model/path-overlay.js';
import { toFlowEdges, toFlowNodes } from '../../../../src-renderer/features/graph-editor/model/to-flow.js';
import { sampleGraph } from './fixtures.js';

describe('graph -> canvas conversion', () => {
  it('makes one typed node per graph node, marking the entry, and one labelled edge per transition', () => {
    const g = sampleGraph();
    const nodes = toFlowNodes(g);
    expect(nodes.map((n) => [n.id, n.type])).toEqual(g.nodes.map((n) => [n.id, n.type]));
    expect(nodes.filter((n) => n.data.isEntry).map((n) => n.id)).toEqual(['greet']);
    expect(nodes[1]!.position).toEqual({ x: 300, y: 0 });
    const edges = toFlowEdges(g);
    expect(edges).toHaveLength(7);
    const byId = new Map(edges.map((e) => [e.id, e]));
    expect(byId.get('route::t2')!.data).toMatchObject({ label: 'account_type == premium', kind: 'equation' });
    expect(byId.get('route::t3')!.data!.label).toBe('else');
    // ranks only where a node has several condition edges
    expect(byId.get('standard::t5')!.data!.rank).toBe(1);
    expect(byId.get('standard::t6')!.data!.rank).toBe(2);
    expect(byId.get('greet::t1')!.data!.rank).toBeUndefined();
  });

  it('skips edges to missing nodes (the validator reports them)', () => {
    const g = updateNode(sampleGraph(), 'greet', (n) => ({
      ...n,
      transitions: [...n.transitions, { id: 'bad', target: 'ghost', condition: { kind: 'always' } }],
    }));
    expect(toFlowEdges(g).some((e) => e.id === 'greet::bad')).toBe(false);
  });

  it('reuses unchanged node objects and keeps measured sizes and drags', () => {
    const g = sampleGraph();
    const first = toFlowNodes(g);
    const measured = first.map((n) =>
      n.id === 'route'
        ? { ...n, measured: { width: 240, height: 99 } }
        : n.id === 'end'
          ? { ...n, dragging: true, position: { x: 5, y: 5 } }
          : n,
    );
    const g2 = updateNode(g, 'premium', (n) => ({ ...n, name: 'Gold' }));
    const second = toFlowNodes(g2, {}, measured);
    expect(second[0]).toBe(measured[0]);
    expect(second[1]).toBe(measured[1]);
    expect(second[2]).not.toBe(measured[2]);
    expect(second[2]!.data.node.name).toBe('Gold');
    expect(second[4]!.position).toEqual({ x: 5, y: 5 });
    const issues = indexIssues(g2, [{ severity: 'error', path: '', message: 'x', node_id: 'route' }]);
    const third = toFlowNodes(g2, { issues }, second);
    expect(third[1]).not.toBe(second[1]);
    expect(third[1]!.measured).toEqual({ width: 240, height: 99 });
    expect(third[1]!.data.issues!.errors).toBe(1);
  });

  it('marks selection, search matches and a highlighted path', () => {
    const g = sampleGraph();
    const nodes = toFlowNodes(g, { selectedNodes: new Set(['end']), matches: new Set(['greet']) });
    expect(nodes.find((n) => n.id === 'end')!.selected).toBe(true);
    expect(nodes.find((n) => n.id === 'greet')!.data.hit).toBe(true);
    expect(nodes.find((n) => n.id === 'route')!.data.dim).toBe(true);
    const path = pathOverlay(g, ['greet', 'route', 'premium']);
    const pn = toFlowNodes(g, { path });
    expect(pn.find((n) => n.id === 'route')!.data.visits).toEqual([2]);
    expect(pn.find((n) => n.id === 'end')!.data.dim).toBe(true);
    const pe = toFlowEdges(g, { path });
    expect(pe.find((e) => e.id === 'route::t2')!.data!.taken).toEqual([3]);
    expect(pe.find((e) => e.id === 'standard::t5')!.data!.dim).toBe(true);
  });

  it('tints nodes and edges by visit counts', () => {
    const g = sampleGraph();
    const heat = { nodeCounts: { greet: 4, route: 1 }, edgeCounts: { 'greet::t1': 4 } };
    const nodes = toFlowNodes(g, { heat });
    expect(nodes.find((n) => n.id === 'greet')!.data).toMatchObject({ count: 4, heat: 1 });
    expect(nodes.find((n) => n.id === 'route')!.data).toMatchObject({ count: 1, heat: 0.5 });
    expect(nodes.find((n) => n.id === 'end')!.data).toMatchObject({ count: 0, heat: 0 });
    expect(toFlowEdges(g, { heat }).find((e) => e.id === 'greet::t1')!.data).toMatchObject({ count: 4, heat: 1 });
  });
});
