/**
 * Transition ids are unique within a node but not necessarily across the graph, so the canvas names an
 * edge by its source node and transition id.
 */
export const edgeKey = (source: string, transitionId: string): string => `${source}::${transitionId}`;

export function parseEdgeKey(key: string): { source: string; transitionId: string } {
  const i = key.indexOf('::');
  return i < 0 ? { source: '', transitionId: key } : { source: key.slice(0, i), transitionId: key.slice(i + 2) };
}

/** Deterministic JSON with sorted keys: equal graphs give equal strings whatever the key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }
    return v;
  });
}
