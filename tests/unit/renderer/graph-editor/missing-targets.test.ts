import { describe, expect, it } from 'vitest';
import { updateNode } from '../../../../src-renderer/features/graph-editor/model/graph-ops.js';
import {
  isMissingNodeId,
  missingTargetNodes,
} from '../../../../src-renderer/features/graph-editor/model/missing-targets.js';
import { toFlowEdges } from '../../../../src-renderer/features/graph-editor/model/to-flow.js';
import { sampleGraph } from './fixtures.js';

const withDangling = () => {
  const ghost = (id: string) => ({ id, target: 'ghost', condition: { kind: 'always' as const } });
  let g = updateNode(sampleGraph(), 'greet', (n) => ({ ...n, transitions: [...n.transitions, ghost('bad1')] }));
  g = updateNode(g, 'route', (n) => ({ ...n, transitions: [...n.transitions, ghost('bad2')] }));
  return g;
};

describe('transitions to missing nodes on the canvas', () => {
  it('draws them to one placeholder per missing id, right of the first node pointing there', () => {
    const g = withDangling();
    const [p, ...rest] = missingTargetNodes(g);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ id: 'missing::ghost', type: 'missing', selectable: false, connectable: false });
    expect(p!.data).toEqual({ target: 'ghost', from: ['greet', 'route'] });
    const greet = g.nodes.find((n) => n.id === 'greet')!;
    expect(p!.position.x).toBeGreaterThan((greet.position?.x ?? 0) + 240);
    expect(isMissingNodeId(p!.id)).toBe(true);
    // kept as the same object while nothing changes (xyflow skips it)
    expect(missingTargetNodes(g, [p!])[0]).toBe(p);
    expect(missingTargetNodes(sampleGraph())).toEqual([]);
  });

  it('gives the dangling edges their usual id so they can be selected, only when asked', () => {
    const g = withDangling();
    const shown = toFlowEdges(g, { showDangling: true }).filter((e) => isMissingNodeId(e.target));
    expect(shown.map((e) => [e.id, e.source, e.target])).toEqual([
      ['greet::bad1', 'greet', 'missing::ghost'],
      ['route::bad2', 'route', 'missing::ghost'],
    ]);
    expect(toFlowEdges(g).some((e) => isMissingNodeId(e.target))).toBe(false);
  });
});
