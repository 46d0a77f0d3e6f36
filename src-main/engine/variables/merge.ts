const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON deep clone (variables are JSON). */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Deep-merges plain objects (`over` wins); arrays and scalars are replaced. Returns a new object. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] = isRecord(v) && isRecord(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  }
  return out;
}
