/**
 * Whether a structured reply matches the bounded JSON Schema subset the engine sends (type, enum,
 * properties, required, additionalProperties, maxLength, minimum, maximum, items, maxItems): the
 * readiness check's "structured-output validity". Returns the first mismatch as a JSON path, or null.
 */
type Schema = Record<string, unknown>;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

function typeMatches(want: string, v: unknown): boolean {
  const got = typeOf(v);
  return want === got || (want === 'number' && got === 'integer');
}

export function schemaMismatch(schema: Schema, value: unknown, path = '$'): string | null {
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value))
    return `${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length && !types.some((t) => typeMatches(String(t), value)))
    return `${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`;
  if (typeof value === 'string' && typeof schema.maxLength === 'number' && value.length > schema.maxLength)
    return `${path}: longer than ${schema.maxLength} characters`;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return `${path}: below ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return `${path}: above ${schema.maximum}`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      return `${path}: more than ${schema.maxItems} items`;
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      return `${path}: fewer than ${schema.minItems} items`;
    const items = schema.items as Schema | undefined;
    if (items)
      for (const [i, x] of value.entries()) {
        const m = schemaMismatch(items, x, `${path}[${i}]`);
        if (m) return m;
      }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const k of (schema.required as string[] | undefined) ?? []) if (!(k in obj)) return `${path}.${k}: missing`;
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) {
        const m = schemaMismatch(props[k], v, `${path}.${k}`);
        if (m) return m;
      } else if (schema.additionalProperties === false) return `${path}.${k}: not allowed`;
    }
  }
  return null;
}
