import type { z } from 'zod';

/**
 * Walks a zod (v4) schema: a value with EVERY field set (optional ones too, the first option of each
 * enum and union, numbers at their minimum or 1), and the dotted paths of its fields (`transcript[].heard`).
 * Used to check that reports carry every stored field; a new field in the schema shows up here by itself.
 */

type Any = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
const def = (s: unknown) => (s as Any)._zod.def;

/** Wrappers that hold one inner schema (optional, nullable, default...). */
const INNER = ['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'];

function unwrap(s: unknown): unknown {
  let x = s;
  for (;;) {
    const d = def(x);
    if (INNER.includes(d.type)) x = d.innerType;
    else if (d.type === 'pipe') x = d.in;
    else return x;
  }
}

export function sample(schema: unknown): unknown {
  const s = unwrap(schema) as Any & { minValue?: number | null; maxValue?: number | null; options?: unknown[] };
  const d = def(s);
  switch (d.type) {
    case 'object':
      return Object.fromEntries(Object.entries(d.shape as Record<string, unknown>).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return [sample(d.element)];
    case 'record':
      return { key: sample(d.valueType) };
    case 'string':
      return 'text';
    case 'number': {
      const min = s.minValue ?? null;
      const max = s.maxValue ?? null;
      const v = min !== null && min > 1 ? min : 1;
      return max !== null && max < v ? max : v;
    }
    case 'boolean':
      return true;
    case 'enum':
      return (s as unknown as { options: unknown[] }).options[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'union':
      return sample((d.options as unknown[])[0]);
    case 'unknown':
    case 'any':
      return 'value';
    default:
      throw new Error(`zod-sample: no sample for a ${d.type}`);
  }
}

/** Every field path of an object schema, through arrays and wrappers; records and unions are leaves. */
export function fieldPaths(schema: unknown, prefix = ''): string[] {
  const s = unwrap(schema);
  const d = def(s);
  if (d.type === 'array') return fieldPaths(d.element, `${prefix}[]`);
  if (d.type !== 'object') return [prefix];
  return Object.entries(d.shape as Record<string, unknown>).flatMap(([k, v]) =>
    fieldPaths(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** The value at a path (`a[].b`: the first element's b); undefined when any step is missing. */
export function valueAt(root: unknown, path: string): unknown {
  let x: unknown = root;
  for (const part of path.split('.')) {
    const arrays = part.match(/\[\]/g)?.length ?? 0;
    const key = part.replace(/\[\]/g, '');
    if (key) x = (x as Record<string, unknown> | undefined)?.[key];
    for (let i = 0; i < arrays; i++) x = Array.isArray(x) ? x[0] : undefined;
    if (x === undefined) return undefined;
  }
  return x;
}
