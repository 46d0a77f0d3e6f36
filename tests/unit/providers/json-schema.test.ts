import { describe, expect, it } from 'vitest';
import { conformJson, schemaTokenBound, validateJson } from '../../../src-main/providers/shared/json-schema.js';

const schema = {
  type: 'object',
  properties: {
    route: { enum: ['a', 'b', 'none'] },
    reason: { type: 'string', maxLength: 10 },
    score: { type: 'integer', minimum: 1, maximum: 5 },
    conf: { type: 'number', minimum: 0, maximum: 1 },
    tags: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 4 } },
  },
  required: ['route', 'reason', 'score'],
  additionalProperties: false,
};

describe('validateJson', () => {
  it('accepts a conforming value', () => {
    expect(validateJson({ route: 'a', reason: 'ok', score: 3, conf: 0.5, tags: ['x'] }, schema)).toEqual([]);
  });

  it('reports each problem with its JSON path', () => {
    const issues = validateJson(
      { route: 'c', reason: 'x'.repeat(11), score: 2.5, conf: 2, tags: ['a', 'b', 'c'], extra: 1 },
      schema,
    );
    const paths = issues.map((i) => i.path).sort();
    expect(paths).toEqual(['$.conf', '$.extra', '$.reason', '$.route', '$.score', '$.tags'].sort());
    expect(validateJson({ route: 'a' }, schema).map((i) => i.path)).toEqual(['$.reason', '$.score']);
  });

  it('checks anyOf and local $ref', () => {
    const s = { $defs: { n: { type: 'integer' } }, anyOf: [{ type: 'string' }, { $ref: '#/$defs/n' }] };
    expect(validateJson('x', s)).toEqual([]);
    expect(validateJson(3, s)).toEqual([]);
    expect(validateJson(true, s)).toHaveLength(1);
  });
});

describe('conformJson', () => {
  it('fixes what needs no model: long strings, out-of-range numbers, extra keys, long arrays, float integers', () => {
    const r = conformJson(
      { route: 'a', reason: 'abcdefghijklmnop', score: 9.4, conf: -1, tags: ['a', 'b', 'c'], extra: true },
      schema,
    );
    expect(r.issues).toEqual([]);
    expect(r.value).toEqual({ route: 'a', reason: 'abcdefghij', score: 5, conf: 0, tags: ['a', 'b'] });
    expect(r.fixes.length).toBeGreaterThanOrEqual(5);
  });

  it('leaves real errors (missing keys, wrong enum) as issues', () => {
    const r = conformJson({ route: 'zzz', reason: 'ok' }, schema);
    expect(r.issues.map((i) => i.path).sort()).toEqual(['$.route', '$.score']);
  });

  it('counts characters, not UTF-16 units, for maxLength', () => {
    expect(validateJson('😀😀', { type: 'string', maxLength: 2 })).toEqual([]);
  });
});

describe('schemaTokenBound', () => {
  it('is finite for bounded schemas and grows with maxLength', () => {
    const b = schemaTokenBound(schema);
    expect(Number.isFinite(b)).toBe(true);
    const bigger = schemaTokenBound({
      ...schema,
      properties: { ...schema.properties, reason: { type: 'string', maxLength: 100 } },
    });
    expect(bigger - b).toBe(90 * 6);
  });

  it('is Infinity when a string or array is unbounded', () => {
    expect(schemaTokenBound({ type: 'object', properties: { s: { type: 'string' } } })).toBe(Infinity);
    expect(schemaTokenBound({ type: 'array', items: { type: 'integer' } })).toBe(Infinity);
  });
});
