/**
 * A small JSON Schema checker for structured outputs (the subset models are asked for: type,
 * properties, required, additionalProperties, enum, const, items, min/maxItems, min/maxLength,
 * minimum/maximum, anyOf/oneOf, local $ref). `conform` also applies the fixes that need no model:
 * truncating over-long strings and arrays, clamping numbers, dropping unknown keys.
 */

export type JsonSchema = Record<string, unknown>;

export interface SchemaIssue {
  /** JSON path, e.g. `$.items[2].name`. */
  path: string;
  message: string;
}

type Ctx = { root: JsonSchema; issues: SchemaIssue[]; fix: boolean; fixes: SchemaIssue[] };

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(v: unknown, t: string): boolean {
  const actual = typeOf(v);
  if (t === 'number') return actual === 'number' || actual === 'integer';
  return actual === t;
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/'))
    node = (node as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node as JsonSchema) ?? {};
}

const cpLength = (s: string): number => [...s].length;

function check(value: unknown, schemaIn: JsonSchema, path: string, ctx: Ctx): unknown {
  const schema = resolveRef(schemaIn, ctx.root);
  const alts = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alts)) {
    for (const alt of alts) {
      const sub: Ctx = { root: ctx.root, issues: [], fix: false, fixes: [] };
      check(value, alt, path, sub);
      if (!sub.issues.length) return value;
    }
    // try fixing against each alternative; keep the first that conforms
    if (ctx.fix) {
      for (const alt of alts) {
        const sub: Ctx = { root: ctx.root, issues: [], fix: true, fixes: [] };
        const v = check(value, alt, path, sub);
        if (!sub.issues.length) {
          ctx.fixes.push(...sub.fixes);
          return v;
        }
      }
    }
    ctx.issues.push({ path, message: 'does not match any allowed alternative' });
    return value;
  }
  if ('const' in schema && JSON.stringify(value) !== JSON.stringify(schema.const)) {
    ctx.issues.push({ path, message: `expected ${JSON.stringify(schema.const)}` });
    return value;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    ctx.issues.push({
      path,
      message: `expected one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}, got ${JSON.stringify(value)}`,
    });
    return value;
  }
  const types =
    schema.type === undefined
      ? undefined
      : Array.isArray(schema.type)
        ? (schema.type as string[])
        : [schema.type as string];
  if (types && !types.some((t) => typeMatches(value, t))) {
    // a float where an integer is wanted is fixable by rounding
    if (ctx.fix && typeof value === 'number' && types.includes('integer')) {
      value = Math.round(value);
      ctx.fixes.push({ path, message: 'rounded to an integer' });
    } else {
      ctx.issues.push({ path, message: `expected ${types.join(' or ')}, got ${typeOf(value)}` });
      return value;
    }
  }
  if (typeof value === 'string') {
    const max = schema.maxLength as number | undefined;
    const min = schema.minLength as number | undefined;
    if (typeof max === 'number' && cpLength(value) > max) {
      if (ctx.fix) {
        value = [...(value as string)].slice(0, max).join('');
        ctx.fixes.push({ path, message: `truncated to ${max} characters` });
      } else ctx.issues.push({ path, message: `expected at most ${max} characters, got ${cpLength(value)}` });
    }
    if (typeof min === 'number' && cpLength(value as string) < min)
      ctx.issues.push({ path, message: `expected at least ${min} characters` });
  }
  if (typeof value === 'number') {
    const lo = schema.minimum as number | undefined;
    const hi = schema.maximum as number | undefined;
    const xlo = schema.exclusiveMinimum as number | undefined;
    const xhi = schema.exclusiveMaximum as number | undefined;
    const tooLow = (typeof lo === 'number' && value < lo) || (typeof xlo === 'number' && value <= xlo);
    const tooHigh = (typeof hi === 'number' && value > hi) || (typeof xhi === 'number' && value >= xhi);
    if (tooLow || tooHigh) {
      const bound = tooLow ? (lo ?? xlo)! : (hi ?? xhi)!;
      if (ctx.fix && (typeof lo === 'number' || typeof hi === 'number')) {
        value = Math.min(hi ?? Infinity, Math.max(lo ?? -Infinity, value as number));
        ctx.fixes.push({ path, message: `clamped to ${value}` });
      } else ctx.issues.push({ path, message: `expected ${tooLow ? '>=' : '<='} ${bound}, got ${value}` });
    }
  }
  if (Array.isArray(value)) {
    const max = schema.maxItems as number | undefined;
    const min = schema.minItems as number | undefined;
    let arr = value as unknown[];
    if (typeof max === 'number' && arr.length > max) {
      if (ctx.fix) {
        arr = arr.slice(0, max);
        ctx.fixes.push({ path, message: `cut to ${max} items` });
      } else ctx.issues.push({ path, message: `expected at most ${max} items, got ${arr.length}` });
    }
    if (typeof min === 'number' && arr.length < min)
      ctx.issues.push({ path, message: `expected at least ${min} items, got ${arr.length}` });
    const items = schema.items as JsonSchema | undefined;
    if (items && typeof items === 'object') arr = arr.map((v, i) => check(v, items, `${path}[${i}]`, ctx));
    value = arr;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = { ...(value as Record<string, unknown>) };
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required ?? []) as string[];
    for (const k of required)
      if (!(k in obj)) ctx.issues.push({ path: `${path}.${k}`, message: 'is required but missing' });
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) obj[k] = check(v, props[k], `${path}.${k}`, ctx);
      else if (schema.additionalProperties === false) {
        if (ctx.fix) {
          delete obj[k];
          ctx.fixes.push({ path: `${path}.${k}`, message: 'unknown key dropped' });
        } else ctx.issues.push({ path: `${path}.${k}`, message: 'is not an allowed key' });
      } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        obj[k] = check(v, schema.additionalProperties as JsonSchema, `${path}.${k}`, ctx);
      }
    }
    value = obj;
  }
  return value;
}

/** Checks a value; returns the problems (empty = valid). */
export function validateJson(value: unknown, schema: JsonSchema): SchemaIssue[] {
  const ctx: Ctx = { root: schema, issues: [], fix: false, fixes: [] };
  check(value, schema, '$', ctx);
  return ctx.issues;
}

/** Checks a value and applies model-free fixes. `issues` lists what still fails after fixing. */
export function conformJson(
  value: unknown,
  schema: JsonSchema,
): { value: unknown; fixes: SchemaIssue[]; issues: SchemaIssue[] } {
  const ctx: Ctx = { root: schema, issues: [], fix: true, fixes: [] };
  const v = check(value, schema, '$', ctx);
  return { value: v, fixes: ctx.fixes, issues: ctx.issues };
}

export function formatIssues(issues: SchemaIssue[], max = 5): string {
  const shown = issues.slice(0, max).map((i) => `${i.path} ${i.message}`);
  return shown.join('; ') + (issues.length > max ? `; and ${issues.length - max} more` : '');
}

/**
 * Worst-case number of tokens a grammar-constrained generation of this schema needs (each string
 * character may be one `\uXXXX` escape of 6 tokens, numbers are up to 16 digits plus exponent,
 * whitespace between members). Infinity when a string or array is unbounded.
 */
export function schemaTokenBound(schemaIn: JsonSchema, root: JsonSchema = schemaIn, depth = 0): number {
  if (depth > 20) return Infinity;
  const schema = resolveRef(schemaIn, root);
  const alts = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alts)) return Math.max(0, ...alts.map((a) => schemaTokenBound(a, root, depth + 1)));
  if ('const' in schema) return JSON.stringify(schema.const).length + 2;
  if (Array.isArray(schema.enum)) return Math.max(1, ...schema.enum.map((e) => JSON.stringify(e).length)) + 2;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  let worst = 0;
  for (const t of types) {
    let b: number;
    switch (t) {
      case 'string':
        b = typeof schema.maxLength === 'number' ? schema.maxLength * 6 + 2 : Infinity;
        break;
      case 'number':
      case 'integer':
        b = 40;
        break;
      case 'boolean':
      case 'null':
        b = 5;
        break;
      case 'array': {
        const item = schema.items ? schemaTokenBound(schema.items as JsonSchema, root, depth + 1) : Infinity;
        b = typeof schema.maxItems === 'number' ? 2 + schema.maxItems * (item + 10) : Infinity;
        break;
      }
      case 'object':
      default: {
        const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
        if (t === undefined && !schema.properties) {
          b = Infinity;
          break;
        }
        b = 6;
        for (const [k, p] of Object.entries(props)) b += k.length + 12 + schemaTokenBound(p, root, depth + 1);
      }
    }
    worst = Math.max(worst, b);
  }
  return worst;
}

/** Drops `$schema`/`title`-style keys and applies `fn` to every sub-schema (post-order). */
export function mapSchema(schema: JsonSchema, fn: (s: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$schema') continue;
    if ((k === 'properties' || k === '$defs' || k === 'definitions') && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v as Record<string, JsonSchema>).map(([pk, pv]) => [pk, mapSchema(pv, fn)]),
      );
    } else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = mapSchema(v as JsonSchema, fn);
    } else if ((k === 'anyOf' || k === 'oneOf' || k === 'prefixItems') && Array.isArray(v)) {
      out[k] = v.map((s) => mapSchema(s as JsonSchema, fn));
    } else out[k] = v;
  }
  return fn(out);
}
