import type { Result } from '../../../src-shared/schemas/index.js';

/**
 * The node active at transcript turn `index`: the turn's own `node` tag when the engine recorded it,
 * else the last node entered at or before that turn (NodeVisit.turn), else null.
 */
export function nodeAtTurn(result: Pick<Result, 'transcript' | 'nodes_visited'>, index: number): string | null {
  const tagged = result.transcript[index]?.node;
  if (tagged) return tagged;
  let node: string | null = null;
  for (const v of result.nodes_visited) {
    if (v.turn <= index) node = v.node;
    else break;
  }
  return node;
}
