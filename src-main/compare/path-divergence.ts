import type { NodeVisit, Result } from '../../src-shared/schemas/index.js';
import type { PathComparison, PathDivergence } from './types.js';

const unique = (xs: string[]) => [...new Set(xs)];

/**
 * The first visit at which two node paths differ: the node entered on each side (null where a path
 * ended), the transition id taken and its recorded reason, the last common node, and the transcript
 * turn at which it happened. Null when the paths are identical.
 */
export function firstDivergence(a: NodeVisit[], b: NodeVisit[]): PathDivergence | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x && y && x.node === y.node) continue;
    const turns = [x?.turn, y?.turn].filter((t): t is number => typeof t === 'number');
    return {
      turn: turns.length ? Math.min(...turns) : 0,
      visit: i,
      from_node: i > 0 ? a[i - 1].node : null,
      node_a: x?.node ?? null,
      node_b: y?.node ?? null,
      via_a: x?.via ?? null,
      via_b: y?.via ?? null,
      reason_a: x ? x.reason : null,
      reason_b: y ? y.reason : null,
    };
  }
  return null;
}

/** Path comparison of two conversations: first divergence, nodes only one side visited, both paths. */
export function comparePaths(a: Result | undefined, b: Result | undefined): PathComparison {
  const va = a?.nodes_visited ?? [];
  const vb = b?.nodes_visited ?? [];
  const pa = va.map((v) => v.node);
  const pb = vb.map((v) => v.node);
  const sb = new Set(pb);
  const sa = new Set(pa);
  return {
    first_divergence: a && b ? firstDivergence(va, vb) : null,
    only_a: unique(pa.filter((n) => !sb.has(n))),
    only_b: unique(pb.filter((n) => !sa.has(n))),
    path_a: pa,
    path_b: pb,
  };
}
