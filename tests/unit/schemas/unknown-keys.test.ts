import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AgentGraph, Persona, TestSuite } from '../../../src-shared/schemas/index.js';
import { nearest, unknownKeys } from '../../../src-shared/schemas/unknown-keys.js';

/** Issue 39 item 8: keys no schema reads are named, with the nearest known key, from the zod schemas themselves. */
describe('unknownKeys', () => {
  it('names a misspelled assertion of a suite test with its path and the key it meant', () => {
    const u = unknownKeys(TestSuite, { tests: [{ name: 't', inclueds: ['never said'], metric: ['m'] }] });
    expect(u).toEqual([
      { path: 'tests[0].inclueds', key: 'inclueds', suggestion: 'includes' },
      { path: 'tests[0].metric', key: 'metric', suggestion: 'metrics' },
    ]);
  });

  it('reads agent nodes by their type (discriminated union) and their conditions by kind', () => {
    const graph = {
      entry_node_id: 'a',
      nodes: [
        { id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: 'hi' }, transitons: [] },
        { id: 'b', type: 'end', transitions: [{ id: 't', target: 'a', condition: { kind: 'prompt', promt: 'x' } }] },
      ],
    };
    expect(unknownKeys(AgentGraph, graph)).toEqual([
      { path: 'nodes[0].transitons', key: 'transitons', suggestion: 'transitions' },
      { path: 'nodes[1].transitions[0].condition.promt', key: 'promt', suggestion: 'prompt' },
    ]);
  });

  it('accepts any key inside records, source metadata and loose objects', () => {
    const suite = {
      tests: [{ name: 't', dynamic_variables: { anything: 1 }, source_meta: { weird: { deep: 1 } } }],
      source_meta: { platform_key: 1 },
    };
    expect(unknownKeys(TestSuite, suite)).toEqual([]);
    expect(unknownKeys(z.looseObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual([]);
  });

  it('knows a key added to a schema without any list to update', () => {
    const base = z.object({ tests: z.array(z.object({ name: z.string() })) });
    const grown = z.object({ tests: z.array(z.object({ name: z.string(), checkpoint: z.string().optional() })) });
    const v = { tests: [{ name: 'x', checkpoint: 'c' }] };
    expect(unknownKeys(base, v).map((u) => u.path)).toEqual(['tests[0].checkpoint']);
    expect(unknownKeys(grown, v)).toEqual([]);
  });

  it('reads an inline persona of a test (a union of an id and a persona) and preprocessed fields', () => {
    const u = unknownKeys(TestSuite, {
      tests: [{ name: 't', type: 'simulation', persona: { name: 'p', goal: 'g', mood: 'x' } }],
    });
    expect(u.map((x) => x.path)).toEqual(['tests[0].persona.mood']);
    expect(unknownKeys(Persona, { name: 'p', goal: 'g', personalty: 'x' })[0]).toMatchObject({
      suggestion: 'personality',
    });
  });

  it('suggests nothing when no known key is close', () => {
    expect(nearest('zzzzzz', ['includes', 'excludes'])).toBeUndefined();
    expect(nearest('exclude', ['includes', 'excludes'])).toBe('excludes');
  });
});
