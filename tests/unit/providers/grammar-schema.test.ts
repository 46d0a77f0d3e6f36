import { describe, expect, it } from 'vitest';
import { toGrammarSchema } from '../../../src-main/providers/llama-cpp/grammar.js';

describe('toGrammarSchema', () => {
  it('turns small integer ranges into enums and keeps other keys', () => {
    const { schema, rules } = toGrammarSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { score: { type: 'integer', minimum: 1, maximum: 5, description: 'd' }, name: { type: 'string', maxLength: 4 } },
    });
    expect(schema.$schema).toBeUndefined();
    expect((schema.properties as Record<string, unknown>).score).toEqual({ enum: [1, 2, 3, 4, 5], description: 'd' });
    expect((schema.properties as Record<string, unknown>).name).toEqual({ type: 'string', maxLength: 4 });
    expect(rules).toEqual([]);
  });

  it('replaces bounded numbers and wide integer ranges with placeholders + range rules', () => {
    const { schema, rules } = toGrammarSchema({
      type: 'object',
      properties: { conf: { type: 'number', minimum: 0, maximum: 1 }, big: { type: 'integer', minimum: 0, maximum: 100000 }, free: { type: 'number' } },
    });
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(props.conf.const).toMatch(/^__parley_number_\d+__$/);
    expect(props.big.const).toMatch(/^__parley_number_\d+__$/);
    expect(props.free).toEqual({ type: 'number' });
    expect(rules).toHaveLength(2);
  });

  it('walks into arrays and nested objects', () => {
    const { schema } = toGrammarSchema({ type: 'array', maxItems: 2, items: { type: 'object', properties: { k: { type: 'integer', minimum: 0, maximum: 2 } } } });
    expect(((schema.items as Record<string, unknown>).properties as Record<string, unknown>).k).toEqual({ enum: [0, 1, 2] });
  });
});
