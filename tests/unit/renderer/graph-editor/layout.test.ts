import { describe, expect, it } from 'vitest';
import {
  layoutGraph,
  needsLayout,
  NODE_H,
  NODE_W,
  withLayout,
} from '../../../../src-renderer/features/graph-editor/model/layout.js';
import { sampleGraph } from './fixtures.js';

const unplaced = () => {
  const g = sampleGraph();
  return { ...g, nodes: g.nodes.map(({ position: _p, ...n }) => n) } as typeof g;
};

describe('auto-layout', () => {
  it('is needed only when a node has no position', () => {
    expect(needsLayout(sampleGraph())).toBe(false);
    expect(needsLayout(unplaced())).toBe(true);
  });

  it('places every node, left to right along the edges, without overlaps', () => {
    const g = unplaced();
    const pos = layoutGraph(g);
    expect(Object.keys(pos).sort()).toEqual(g.nodes.map((n) => n.id).sort());
    expect(pos.greet!.x).toBeLessThan(pos.route!.x);
    expect(pos.route!.x).toBeLessThan(pos.premium!.x);
    expect(pos.premium!.x).toBeLessThan(pos.end!.x);
    const boxes = Object.values(pos);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = Math.abs(a.x - b.x) < NODE_W && Math.abs(a.y - b.y) < NODE_H;
        expect(overlap).toBe(false);
      }
    }
  });

  it('puts global nodes in their own lane below the flow', () => {
    const pos = layoutGraph(unplaced());
    const maxFlowY = Math.max(...['greet', 'route', 'premium', 'standard', 'end'].map((id) => pos[id]!.y));
    expect(pos.cancel!.y).toBeGreaterThan(maxFlowY + NODE_H);
  });

  it('withLayout fills positions and keeps everything else', () => {
    const g = withLayout(unplaced());
    expect(needsLayout(g)).toBe(false);
    expect(g.nodes.map((n) => n.id)).toEqual(sampleGraph().nodes.map((n) => n.id));
    expect(g.nodes[0]!.transitions).toEqual(sampleGraph().nodes[0]!.transitions);
  });

  it('lays out 500 nodes (a few seconds at most on a busy 2-core machine)', () => {
    const nodes = Array.from({ length: 500 }, (_, i) => ({
      id: `n${i}`,
      type: 'end' as const,
      transitions:
        i < 499
          ? [
              { id: `t${i}`, target: `n${i + 1}`, condition: { kind: 'always' as const } },
              ...(i % 7 === 0 && i + 5 < 500
                ? [{ id: `s${i}`, target: `n${i + 5}`, condition: { kind: 'else' as const } }]
                : []),
            ]
          : [],
    }));
    const g = { ...sampleGraph(), nodes, entry_node_id: 'n0' };
    const t0 = performance.now();
    const pos = layoutGraph(g);
    const ms = performance.now() - t0;
    expect(Object.keys(pos)).toHaveLength(500);
    expect(ms).toBeLessThan(15000);
  });
});
