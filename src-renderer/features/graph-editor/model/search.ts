import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { primaryUtterance } from './graph-ops.js';

/** Node ids whose id, name, type or main text contains every word of the query (case-insensitive); names first. */
export function searchNodes(g: AgentGraph, query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const scored: { id: string; score: number }[] = [];
  for (const n of g.nodes) {
    const name = `${n.name ?? ''} ${n.id}`.toLowerCase();
    const hay = `${name} ${n.type} ${primaryUtterance(n)?.text ?? ''}`.toLowerCase();
    if (!words.every((w) => hay.includes(w))) continue;
    scored.push({ id: n.id, score: words.every((w) => name.includes(w)) ? 0 : 1 });
  }
  return scored.sort((a, b) => a.score - b.score).map((s) => s.id);
}
