import type { Node } from '@xyflow/react';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';

/**
 * Transitions to a node that does not exist (an import with problems) are drawn to a placeholder
 * card, so the edge can be seen, selected, retargeted or deleted. Placeholders are canvas-only: they
 * are never part of the graph, and cannot be selected, connected to or saved.
 */
const PREFIX = 'missing::';

export const missingNodeId = (target: string) => `${PREFIX}${target}`;
export const isMissingNodeId = (id: string) => id.startsWith(PREFIX);

export interface MissingData extends Record<string, unknown> {
  /** The id the transitions point at. */
  target: string;
  /** Ids of the nodes whose transitions go there. */
  from: string[];
}
export type MissingNode = Node<MissingData, 'missing'>;

/** One placeholder per missing target, to the right of the first node that points at it. */
export function missingTargetNodes(g: AgentGraph, prev: readonly Node[] = []): MissingNode[] {
  const ids = new Set(g.nodes.map((n) => n.id));
  const byTarget = new Map<string, { from: string[]; at: { x: number; y: number } }>();
  g.nodes.forEach((n, i) => {
    for (const t of n.transitions) {
      if (ids.has(t.target)) continue;
      const hit = byTarget.get(t.target);
      if (hit) {
        if (!hit.from.includes(n.id)) hit.from.push(n.id);
        continue;
      }
      const p = n.position ?? { x: (i % 8) * 300, y: Math.floor(i / 8) * 180 };
      byTarget.set(t.target, { from: [n.id], at: { x: p.x + 420, y: p.y + 20 + byTarget.size * 24 } });
    }
  });
  const before = new Map(prev.map((n) => [n.id, n]));
  return [...byTarget].map(([target, { from, at }]) => {
    const id = missingNodeId(target);
    const old = before.get(id) as MissingNode | undefined;
    if (old && old.data.from.join('\n') === from.join('\n')) return old;
    return {
      id,
      type: 'missing',
      position: old?.position ?? at,
      data: { target, from },
      selectable: false,
      connectable: false,
      deletable: false,
    };
  });
}
