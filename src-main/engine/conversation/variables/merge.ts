const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys that reach an object's prototype: dropped from variables (see FORBIDDEN_KEYS in path.ts). */
const PROTO_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON deep clone (variables are JSON) into null-prototype objects: a `"__proto__"` key in a file
 * (JSON.parse keeps it as an own property) is dropped instead of becoming a prototype.
 */
export function cloneJson<T>(v: T): T {
  if (v === undefined) return v;
  return nullPrototypes(JSON.parse(JSON.stringify(v))) as T;
}

/** Rebuilds parsed JSON's objects without a prototype, dropping prototype keys (only objects are visited). */
function nullPrototypes(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = nullPrototypes(v[i]);
    return v;
  }
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(v)) if (!PROTO_KEYS.has(k)) out[k] = nullPrototypes((v as Record<string, unknown>)[k]);
  return out;
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
