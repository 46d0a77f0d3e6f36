/**
 * How many tokens a structured (JSON Schema) answer may need. A schema whose strings are bounded has a
 * worst case in characters; at the model's characters per token that is a token count, and a call that
 * asks for fewer tokens than that can be cut off mid-string (then the repair is cut off too). Every
 * provider asks for at least this much; where the room is smaller, the schema's string bounds shrink
 * to fit (see shrinkSchemaToFit) instead of asking for more than is left.
 */
import type { JsonSchema } from './json-schema.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Characters of the longest JSON text a schema allows (compact, plus a little whitespace), Infinity when a string or array is unbounded. */
export function schemaCharBound(schema: unknown, depth = 0): number {
  if (!isRecord(schema) || depth > 20) return Infinity;
  const alts = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alts)) return Math.max(0, ...alts.map((a) => schemaCharBound(a, depth + 1)));
  if ('const' in schema) return JSON.stringify(schema.const).length;
  if (Array.isArray(schema.enum)) return Math.max(1, ...schema.enum.map((e) => JSON.stringify(e).length));
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  let worst = 0;
  for (const t of types) {
    let b: number;
    switch (t) {
      case 'string':
        // quotes, and a margin for escapes (\n, \")
        b = typeof schema.maxLength === 'number' ? Math.ceil(schema.maxLength * 1.1) + 2 : Infinity;
        break;
      case 'number':
      case 'integer':
        b = 24;
        break;
      case 'boolean':
      case 'null':
        b = 5;
        break;
      case 'array':
        b =
          typeof schema.maxItems === 'number'
            ? 2 + schema.maxItems * (schemaCharBound(schema.items, depth + 1) + 2)
            : Infinity;
        break;
      default: {
        if (!isRecord(schema.properties)) {
          b = t === 'object' ? 2 : Infinity;
          break;
        }
        b = 2;
        for (const [k, p] of Object.entries(schema.properties)) b += k.length + 6 + schemaCharBound(p, depth + 1);
      }
    }
    worst = Math.max(worst, b);
  }
  return worst;
}

/** The smallest characters-per-token ratio assumed before a model's own usage has been measured (byte-level vocabularies). */
export const UNMEASURED_CHARS_PER_TOKEN = 1;

/**
 * max_tokens for a structured call: what was asked, raised to the schema's worst case at the model's
 * characters per token (plus a margin for the template's end tokens), at most `cap`.
 */
export function structuredTokenLimit(
  schema: JsonSchema,
  asked: number | undefined,
  charsPerToken: number = UNMEASURED_CHARS_PER_TOKEN,
  cap = 8192,
): number | undefined {
  const chars = schemaCharBound(schema);
  if (!Number.isFinite(chars)) return asked;
  const need = Math.ceil(chars / Math.max(0.25, charsPerToken)) + 8;
  return Math.min(cap, Math.max(asked ?? 0, need));
}

/**
 * The schema with its string bounds scaled down so its worst case (measured by `bound`: characters by
 * default, or a provider's token bound) fits `budget` (never below 8 characters per string).
 */
export function shrinkSchemaToFit(
  schema: JsonSchema,
  budget: number,
  bound: (s: JsonSchema) => number = schemaCharBound,
): JsonSchema {
  const full = bound(schema);
  if (!Number.isFinite(full) || full <= budget) return schema;
  const scale = (f: number) => {
    const walk = (s: unknown): unknown => {
      if (!isRecord(s)) return s;
      const out: Record<string, unknown> = { ...s };
      if (typeof s.maxLength === 'number') out.maxLength = Math.max(8, Math.floor(s.maxLength * f));
      if (isRecord(s.properties))
        out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, walk(v)]));
      if (s.items) out.items = walk(s.items);
      for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) out[k] = (s[k] as unknown[]).map(walk);
      return out;
    };
    return walk(schema) as JsonSchema;
  };
  let lo = 0;
  let hi = 1;
  let best = scale(0);
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    const s = scale(mid);
    if (bound(s) <= budget) {
      best = s;
      lo = mid;
    } else hi = mid;
  }
  return best;
}
