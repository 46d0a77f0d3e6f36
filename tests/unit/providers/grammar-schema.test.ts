import { describe, expect, it } from 'vitest';
import { toGrammarSchema } from '../../../src-main/providers/llama-cpp/grammar.js';

describe('toGrammarSchema', () => {
  it('turns small integer ranges into enums and keeps other keys', () => {
    const { schema, rules } = toGrammarSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        score: { type: 'integer', minimum: 1, maximum: 5, description: 'd' },
        name: { type: 'string', maxLength: 4 },
      },
    });
    expect(schema.$schema).toBeUndefined();
    expect((schema.properties as Record<string, unknown>).score).toEqual({ enum: [1, 2, 3, 4, 5], description: 'd' });
    expect((schema.properties as Record<string, unknown>).name).toEqual({ type: 'string', maxLength: 4 });
    expect(rules).toEqual([]);
  });

  it('replaces bounded numbers and wide integer ranges with placeholders + range rules', () => {
    const { schema, rules } = toGrammarSchema({
      type: 'object',
      properties: {
        conf: { type: 'number', minimum: 0, maximum: 1 },
        big: { type: 'integer', minimum: 0, maximum: 100000 },
        free: { type: 'number' },
      },
    });
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(props.conf.const).toMatch(/^__parley_number_\d+__$/);
    expect(props.big.const).toMatch(/^__parley_number_\d+__$/);
    expect(props.free).toEqual({ type: 'number' });
    expect(rules).toHaveLength(2);
  });

  it('walks into arrays and nested objects', () => {
    const { schema } = toGrammarSchema({
      type: 'array',
      maxItems: 2,
      items: { type: 'object', properties: { k: { type: 'integer', minimum: 0, maximum: 2 } } },
    });
    expect(((schema.items as Record<string, unknown>).properties as Record<string, unknown>).k).toEqual({
      enum: [0, 1, 2],
    });
  });

  it('bounds nullable numbers and negative ranges, allowing null beside them', () => {
    const { schema, rules } = toGrammarSchema({
      type: 'object',
      properties: {
        n: { type: ['number', 'null'], minimum: -1e12, maximum: 1e12 },
        d: { type: 'number', minimum: -5, maximum: 0 },
      },
    });
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect((props.n.oneOf as Record<string, unknown>[])[1]).toEqual({ type: 'null' });
    expect(String((props.n.oneOf as Record<string, unknown>[])[0].const)).toMatch(/^__parley_number_\d+__$/);
    expect(props.d.const).toMatch(/^__parley_number_\d+__$/);
    expect(rules[0].startsWith('( "-" ')).toBe(true);
    expect(rules[1]).toContain('"-"');
  });
});
