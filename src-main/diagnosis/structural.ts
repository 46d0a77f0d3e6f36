/**
 * When fixing text does not help, the problem is likely in the graph's structure. This names the
 * transitions the failing calls went through around the texts that were edited, so the user knows
 * where to look (a condition that never fires, a transition that is missing).
 */
import type { AgentGraph, FixEdit, Result } from '../../src-shared/schemas/index.js';
import { transitionLine } from './graph-text.js';

/**
 * Transitions involved: those the failing paths took into or out of the edited nodes, then the
 * edited nodes' other transitions; with no node edited (global prompt, snippet), every transition
 * the failing paths took. Each as `from -> to (id): condition`, at most `max`.
 */
export function transitionsInvolved(g: AgentGraph, edits: FixEdit[], results: Result[], max = 8): string[] {
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const edited = new Set(edits.map((e) => e.node_id).filter((id): id is string => !!id && byId.has(id)));
  const keys: string[] = [];
  const lines: string[] = [];
  const add = (from: string, transitionId: string) => {
    const node = byId.get(from);
    const t = node?.transitions.find((x) => x.id === transitionId);
    const key = `${from}::${transitionId}`;
    if (!node || !t || keys.includes(key)) return;
    keys.push(key);
    lines.push(transitionLine(node, t));
  };
  for (const r of results)
    r.nodes_visited.forEach((v, i) => {
      const from = r.nodes_visited[i - 1]?.node;
      if (!from || !v.via) return;
      if (!edited.size || edited.has(from) || edited.has(v.node)) add(from, v.via);
    });
  for (const id of edited) for (const t of byId.get(id)!.transitions) add(id, t.id);
  return lines.slice(0, max);
}
