/** A valid value for a (bounded) JSON Schema, used when a scripted list runs out. */

type Schema = Record<string, unknown>;

export function defaultForSchema(schema: Schema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0] ?? null;
  if (Array.isArray(schema.oneOf) && schema.oneOf.length) return defaultForSchema(schema.oneOf[0] as Schema);
  if (Array.isArray(schema.anyOf) && schema.anyOf.length) return defaultForSchema(schema.anyOf[0] as Schema);
  if ('default' in schema) return schema.default;
  let type = schema.type;
  if (Array.isArray(type)) type = type.includes('null') ? 'null' : type[0];
  switch (type) {
    case 'string':
      return 'x'.repeat(Number(schema.minLength ?? 0));
    case 'number':
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      if (min !== undefined && min > 0) return min;
      if (max !== undefined && max < 0) return max;
      return 0;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const n = Number(schema.minItems ?? 0);
      return Array.from({ length: n }, () => defaultForSchema(schema.items as Schema));
    }
    case 'object':
    default: {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, defaultForSchema(s)]));
    }
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep-merges a scripted partial value over a default (objects merge, everything else replaces). */
export function mergeOver(base: unknown, over: unknown): unknown {
  if (isRecord(base) && isRecord(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = mergeOver(base[k], v);
    return out;
  }
  return over;
}

/** Fills every `score` field of the schema's object properties, in order, from a list of numbers. */
export function fillScores(schema: Schema, value: unknown, scores: number[]): unknown {
  if (!isRecord(value)) return value;
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  let i = 0;
  const out: Record<string, unknown> = { ...value };
  for (const [k, s] of Object.entries(props)) {
    const sp = (s?.properties ?? {}) as Record<string, unknown>;
    if (isRecord(out[k]) && 'score' in sp) {
      const score = scores[Math.min(i, scores.length - 1)];
      out[k] = { ...(out[k] as Record<string, unknown>), score };
      i++;
    }
  }
  if (i === 0 && 'score' in props) out.score = scores[0];
  return out;
}
