import { describe, expect, it } from 'vitest';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { AgentGraph as AgentGraphSchema } from '../../../../src-shared/schemas/index.js';
import {
  labelWidth,
  layoutGraph,
  NODE_H,
  NODE_W,
  wrapRows,
} from '../../../../src-renderer/features/graph-editor/model/layout.js';
import { toFlowEdges } from '../../../../src-renderer/features/graph-editor/model/to-flow.js';

const chain = (n: number, label = (i: number) => `The caller answered question ${i + 1}`): AgentGraph =>
  AgentGraphSchema.parse({
    name: 'chain',
    entry_node_id: 's0',
    nodes: Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      type: i === n - 1 ? 'end' : 'conversation',
      instruction: { mode: 'prompt', text: 'x' },
      transitions:
        i < n - 1 ? [{ id: `t${i}`, target: `s${i + 1}`, condition: { kind: 'prompt', prompt: label(i) } }] : [],
    })),
  });

const bounds = (pos: Record<string, { x: number; y: number }>) => {
  const ps = Object.values(pos);
  const w = Math.max(...ps.map((p) => p.x)) + NODE_W - Math.min(...ps.map((p) => p.x));
  const h = Math.max(...ps.map((p) => p.y)) + NODE_H - Math.min(...ps.map((p) => p.y));
  return { w, h };
};

describe('readable auto-layout', () => {
  it('leaves room for the longest label between two ranks', () => {
    const long = layoutGraph(chain(2, () => 'The caller has given their full date of birth and confirmed it'));
    const short = layoutGraph(chain(2, () => 'yes'));
    const gap = (p: Record<string, { x: number }>) => p.s1!.x - (p.s0!.x + NODE_W);
    expect(gap(long)).toBeGreaterThanOrEqual(
      labelWidth('The caller has given their full date of birth and confirmed it'),
    );
    expect(gap(short)).toBeLessThan(gap(long));
    expect(labelWidth('x'.repeat(500))).toBe(224); // labels are cut at 200 px of text (+ badge)
  });

  it('wraps a long chain into rows of whole ranks instead of one long row', () => {
    const pos = layoutGraph(chain(14));
    const { w, h } = bounds(pos);
    expect(w / h).toBeLessThan(3);
    // rows keep the chain's order: left to right within a row, rows top to bottom
    const ys = [...new Set(Object.values(pos).map((p) => p.y))].sort((a, b) => a - b);
    expect(ys.length).toBeGreaterThan(1);
    for (let i = 1; i < 14; i++) {
      const a = pos[`s${i - 1}`]!;
      const b = pos[`s${i}`]!;
      expect(b.y > a.y || (b.y === a.y && b.x > a.x)).toBe(true);
    }
    // no two cards overlap
    const boxes = Object.values(pos);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(Math.abs(boxes[i]!.x - boxes[j]!.x) < NODE_W && Math.abs(boxes[i]!.y - boxes[j]!.y) < NODE_H).toBe(
          false,
        );
  });

  it('does not wrap a short flow, nor leave a row with fewer than 3 ranks', () => {
    const five = layoutGraph(chain(5));
    expect(new Set(Object.values(five).map((p) => p.y)).size).toBe(1);
    const pos = { a: { x: 0, y: 0 }, b: { x: 400, y: 0 }, c: { x: 800, y: 0 }, d: { x: 1200, y: 0 } };
    expect(wrapRows(pos)).toEqual(pos);
    expect(wrapRows({})).toEqual({});
  });
});

describe('edge labels of edges between the same two nodes', () => {
  it('stack around the middle, whichever way the edges go', () => {
    const g = AgentGraphSchema.parse({
      name: 'loop',
      entry_node_id: 'a',
      nodes: [
        {
          id: 'a',
          type: 'conversation',
          instruction: { mode: 'prompt', text: 'x' },
          transitions: [
            { id: 'yes', target: 'b', condition: { kind: 'prompt', prompt: 'yes' } },
            { id: 'no', target: 'b', condition: { kind: 'else' } },
            { id: 'c', target: 'c', condition: { kind: 'prompt', prompt: 'other' } },
          ],
        },
        {
          id: 'b',
          type: 'conversation',
          instruction: { mode: 'prompt', text: 'x' },
          transitions: [{ id: 'back', target: 'a', condition: { kind: 'prompt', prompt: 'again' } }],
        },
        { id: 'c', type: 'end', instruction: { mode: 'prompt', text: 'x' }, transitions: [] },
      ],
    });
    const lane = Object.fromEntries(toFlowEdges(g).map((e) => [e.id, e.data!.lane]));
    expect(lane).toEqual({ 'a::yes': -1, 'a::no': 0, 'a::c': undefined, 'b::back': 1 });
  });
});
