import type { z } from 'zod';

/**
 * Keys of a Parley file that no schema reads. zod's plain objects drop unknown keys without a word, so
 * a misspelled `"inclueds"` would vanish and its test assert nothing: this walks a value beside the zod
 * schema it is read with and names every key the schema's object shapes do not hold, with the nearest
 * known key. The known keys come from the schemas themselves (a key added to a schema is known at once);
 * loose objects and records accept any key.
 */

export interface UnknownKey {
  /** JSON path of the key (`tests[0].inclueds`). */
  path: string;
  key: string;
  /** The known key of that object nearest to this one, when one is close. */
  suggestion?: string;
}

type Schema = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  valueType?: Schema;
  innerType?: Schema;
  options?: Schema[];
  discriminator?: string;
  in?: Schema;
  out?: Schema;
  getter?: () => Schema;
  left?: Schema;
  right?: Schema;
  items?: Schema[];
  rest?: Schema;
  values?: unknown[];
}

const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, key: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
  'success',
]);
const MAX_DEPTH = 64;

/** The unknown keys of `value` read with `schema`, in document order. */
export function unknownKeys(schema: Schema, value: unknown, path = ''): UnknownKey[] {
  const out: UnknownKey[] = [];
  walk(schema, value, path, out, 0);
  return out;
}

function walk(schema: Schema, value: unknown, path: string, out: UnknownKey[], depth: number): void {
  if (depth > MAX_DEPTH || value === undefined || value === null) return;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return walk(def.innerType, value, path, out, depth + 1);
  switch (def.type) {
    case 'object': {
      if (!isObject(value)) return;
      const shape = def.shape ?? {};
      const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
      for (const [k, v] of Object.entries(value)) {
        const known = Object.hasOwn(shape, k) ? shape[k] : undefined;
        if (known) walk(known, v, join(path, k), out, depth + 1);
        else if (depth === 0 && k === '$schema')
          continue; // a JSON Schema reference for the editor (docs/schemas/)
        else if (open) walk(def.catchall!, v, join(path, k), out, depth + 1);
        else out.push({ path: join(path, k), key: k, suggestion: nearest(k, Object.keys(shape)) });
      }
      return;
    }
    case 'array':
      if (Array.isArray(value) && def.element)
        value.forEach((v, i) => walk(def.element!, v, `${path}[${i}]`, out, depth + 1));
      return;
    case 'tuple':
      if (Array.isArray(value))
        value.forEach((v, i) => {
          const s = def.items?.[i] ?? def.rest;
          if (s) walk(s, v, `${path}[${i}]`, out, depth + 1);
        });
      return;
    case 'record':
      if (isObject(value) && def.valueType)
        for (const [k, v] of Object.entries(value)) walk(def.valueType, v, join(path, k), out, depth + 1);
      return;
    case 'union': {
      const option = unionOption(def, value);
      if (option) walk(option, value, path, out, depth + 1);
      return;
    }
    case 'intersection':
      // Either side's keys are known: report only what neither side holds.
      if (def.left && def.right) {
        const l = unknownKeys(def.left, value, path).map((u) => u.path);
        for (const u of unknownKeys(def.right, value, path)) if (l.includes(u.path)) out.push(u);
      }
      return;
    case 'pipe':
      // z.preprocess(fn, S) is a pipe from a transform to S; S.transform(fn) a pipe from S to a transform.
      if (def.in && defOf(def.in).type === 'transform') return def.out && walk(def.out, value, path, out, depth + 1);
      return def.in && walk(def.in, value, path, out, depth + 1);
    case 'lazy':
      return def.getter && walk(def.getter(), value, path, out, depth + 1);
    default:
      return;
  }
}

/** The union option a value is read with: by the discriminator when there is one, else the first that accepts it. */
function unionOption(def: Def, value: unknown): Schema | undefined {
  const options = def.options ?? [];
  if (def.discriminator && isObject(value)) {
    const tag = value[def.discriminator];
    return options.find((o) => {
      const field = defOf(o).shape?.[def.discriminator!];
      return field && literalValues(field).includes(tag);
    });
  }
  return (
    options.find((o) => o.safeParse(value).success) ??
    (isObject(value) ? options.find((o) => defOf(o).type === 'object') : undefined)
  );
}

function literalValues(s: Schema): unknown[] {
  const def = defOf(s);
  if (def.type === 'literal') return def.values ?? [];
  if (WRAPPERS.has(def.type) && def.innerType) return literalValues(def.innerType);
  return [];
}

/** The known key nearest to `key` (edit distance, at most a third of its length, at least 2), if any. */
export function nearest(key: string, known: string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** Levenshtein distance with adjacent transpositions (optimal string alignment). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 8) return Math.abs(a.length - b.length);
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** "unknown key "inclueds" (did you mean includes?)": the message every door prints for one. */
export function unknownKeyMessage(u: UnknownKey, severity: 'error' | 'warning'): string {
  const hint = u.suggestion ? ` (did you mean ${u.suggestion}?)` : '';
  return severity === 'error'
    ? `unknown key ${JSON.stringify(u.key)}${hint}: Parley does not read it, so what it says is not checked; expected a key of a test (docs/test-format.md)`
    : `unknown key ${JSON.stringify(u.key)}${hint}: Parley does not read it and drops it`;
}
