const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys that reach an object's prototype: dropped from variables (see FORBIDDEN_KEYS in path.ts). */
const PROTO_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON deep clone (variables are JSON) into null-prototype objects: a `"__proto__"` key in a file
 * (JSON.parse keeps it as an own property) is dropped instead of becoming a prototype.
 */
export function cloneJson<T>(v: T): T {
  if (v === undefined) return v;
  return JSON.parse(JSON.stringify(v), (k, val: unknown) => {
    if (PROTO_KEYS.has(k)) return undefined;
    if (isRecord(val)) return Object.assign(Object.create(null) as object, val);
    return val;
  }) as T;
}

/** Deep-merges plain objects (`over` wins); arrays and scalars are replaced. Returns a new null-prototype object. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = Object.assign(Object.create(null) as Record<string, unknown>, base);
  for (const [k, v] of Object.entries(over)) {
    if (PROTO_KEYS.has(k)) continue;
    const prev = Object.prototype.hasOwnProperty.call(out, k) ? out[k] : undefined;
    out[k] = isRecord(v) && isRecord(prev) ? deepMerge(prev, v) : v;
  }
  return out;
}
