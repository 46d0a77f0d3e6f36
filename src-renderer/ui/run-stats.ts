import { countPaths } from '../../src-shared/coverage.js';
import type { ModelCall, Result } from '../../src-shared/schemas/run.js';

/** How many times each node was entered across the results (the heat map), counted as src-shared/coverage.ts does. */
export function visitCounts(results: Pick<Result, 'nodes_visited'>[]): Map<string, number> {
  return countPaths(results.map((r) => r.nodes_visited)).nodes;
}

/** The transitions a conversation took, as edges `from -> to` with the transition id when recorded. */
export function takenEdges(
  result: Pick<Result, 'nodes_visited'>,
): { from: string; to: string; via?: string; reason: string }[] {
  const out: { from: string; to: string; via?: string; reason: string }[] = [];
  for (let i = 1; i < result.nodes_visited.length; i++) {
    const prev = result.nodes_visited[i - 1];
    const cur = result.nodes_visited[i];
    out.push({ from: prev.node, to: cur.node, ...(cur.via ? { via: cur.via } : {}), reason: cur.reason });
  }
  return out;
}

/** Model calls grouped by role and purpose: count, tokens and time. */
export function modelCallTotals(
  calls: ModelCall[],
): { role: string; purpose: string; calls: number; prompt: number; cached: number; completion: number; ms: number }[] {
  const by = new Map<
    string,
    { role: string; purpose: string; calls: number; prompt: number; cached: number; completion: number; ms: number }
  >();
  for (const c of calls) {
    const k = `${c.role}:${c.purpose}`;
    const cur = by.get(k) ?? { role: c.role, purpose: c.purpose, calls: 0, prompt: 0, cached: 0, completion: 0, ms: 0 };
    cur.calls++;
    cur.prompt += c.tokens.prompt;
    cur.cached += c.tokens.cached_prompt;
    cur.completion += c.tokens.completion;
    cur.ms += c.ms;
    by.set(k, cur);
  }
  return [...by.values()];
}

export const fmtPct = (x: number | null | undefined) =>
  x === null || x === undefined ? '—' : `${Math.round(x * 1000) / 10}%`;
export const fmtInt = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : Math.round(n).toLocaleString('en-US');

/** "95% interval 49–94% (n=10)" for a pass rate, or '' when there is nothing to show. */
export function fmtPassInterval(interval: { low: number; high: number } | null | undefined, n?: number): string {
  if (!interval) return '';
  const p = (x: number) => Math.round(x * 100);
  return `95% interval ${p(interval.low)}–${p(interval.high)}%${n !== undefined ? ` (n=${n})` : ''}`;
}
