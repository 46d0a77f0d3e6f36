/**
 * Structured outputs are grammar-constrained on local models, and random or weak models will fill
 * any unbounded string or array up to maxTokens. Every schema the engine sends is bounded here, and
 * every value that comes back is clamped to the same bounds (a provider may not enforce them all).
 */

type Schema = Record<string, unknown>;

export interface Bounds {
  maxString: number;
  maxItems: number;
  minNumber: number;
  maxNumber: number;
}

export const DEFAULT_BOUNDS: Bounds = { maxString: 200, maxItems: 8, minNumber: -1e9, maxNumber: 1e9 };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Bounds a JSON Schema (typically a tool's parameter schema) for grammar-safe generation. */
export function boundSchema(schema: unknown, b: Bounds = DEFAULT_BOUNDS, depth = 0): Schema {
  if (!isRecord(schema) || depth > 5) return { type: 'string', maxLength: b.maxString };
  const s: Schema = {};
  if (typeof schema.description === 'string') s.description = schema.description.slice(0, 300);
  if (Array.isArray(schema.enum) && schema.enum.length) return { ...s, enum: schema.enum };
  if ('const' in schema) return { ...s, const: schema.const };
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? 'string';
  if (type === undefined && isRecord(schema.properties)) type = 'object';
  switch (type) {
    case 'object': {
      const props = isRecord(schema.properties) ? schema.properties : {};
      const out: Schema = {};
      for (const [k, v] of Object.entries(props)) out[k] = boundSchema(v, b, depth + 1);
      return { ...s, type: 'object', properties: out, required: Object.keys(out), additionalProperties: false };
    }
    case 'array':
      return {
        ...s,
        type: 'array',
        items: boundSchema(schema.items, b, depth + 1),
        maxItems: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : b.maxItems, b.maxItems),
        ...(typeof schema.minItems === 'number' ? { minItems: Math.min(schema.minItems, b.maxItems) } : {}),
      };
    case 'number':
    case 'integer':
      return {
        ...s,
        type,
        minimum: typeof schema.minimum === 'number' ? schema.minimum : b.minNumber,
        maximum: typeof schema.maximum === 'number' ? schema.maximum : b.maxNumber,
      };
    case 'boolean':
      return { ...s, type: 'boolean' };
    case 'null':
      return { ...s, type: 'null' };
    default:
      return {
        ...s,
        type: 'string',
        maxLength: Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : b.maxString, b.maxString),
      };
  }
}

/** Clamps a value to a bounded schema: truncates strings, clamps numbers, drops unknown enum values. */
export function clampToSchema(value: unknown, schema: Schema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum.includes(value as never) ? value : schema.enum[0];
  if ('const' in schema) return schema.const;
  let type = schema.type;
  if (Array.isArray(type)) {
    if (value === null && type.includes('null')) return null;
    type = type.find((t) => t !== 'null');
  }
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const v = isRecord(value) ? value : {};
      return Object.fromEntries(Object.entries(props).map(([k, ps]) => [k, clampToSchema(v[k], ps)]));
    }
    case 'array': {
      const arr = Array.isArray(value) ? value : [];
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : arr.length;
      return arr.slice(0, max).map((x) => clampToSchema(x, (schema.items ?? {}) as Schema));
    }
    case 'number':
    case 'integer': {
      let n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) n = typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 0;
      if (typeof schema.minimum === 'number') n = Math.max(n, schema.minimum);
      if (typeof schema.maximum === 'number') n = Math.min(n, schema.maximum);
      return type === 'integer' ? Math.round(n) : n;
    }
    case 'boolean':
      return value === true || value === 'true';
    case 'null':
      return null;
    case 'string': {
      const str = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
      return typeof schema.maxLength === 'number' ? str.slice(0, schema.maxLength) : str;
    }
    default:
      return value;
  }
}
