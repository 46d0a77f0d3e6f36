import { describe, expect, it } from 'vitest';
import { parseAgentFile } from '../../../../src-main/formats/index.js';

/** Issue 39 item 8: Parley's own files name the keys no check reads; other platforms' files keep them as metadata. */
const agent = (extra: Record<string, unknown>) => ({
  entry_node_id: 'a',
  nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: 'Hello' }, transitions: [], ...extra }],
});

describe('unknown keys in Parley files', () => {
  it('refuses a suite test whose misspelled assertion would assert nothing', () => {
    const r = parseAgentFile(JSON.stringify({ tests: [{ name: 't', inclueds: ['never said'] }] }), 's.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 's.json',
        path: 'tests[0].inclueds',
        message: expect.stringContaining('did you mean includes?'),
      }),
    ]);
  });

  it('names the path inside a wrapped suite and warns on a suite-level key', () => {
    const file = {
      format: 'parley',
      version: 1,
      suite: { name: 's', min_pass_rte: 1, tests: [{ name: 't', metric: ['polite'] }] },
    };
    const r = parseAgentFile(JSON.stringify(file), 's.json');
    if (r.ok) throw new Error('the suite was accepted');
    expect(r.errors.map((e) => [e.path, e.message.match(/did you mean (\w+)\?/)?.[1]])).toEqual([
      ['suite.tests[0].metric', 'metrics'],
    ]);
    expect(r.warnings.map((w) => w.path)).toContain('suite.min_pass_rte');
  });

  it('warns on an agent node key no check reads, naming the nearest key', () => {
    const r = parseAgentFile(
      JSON.stringify({ format: 'parley', version: 1, agent: agent({ transitons: [] }) }),
      'a.json',
    );
    expect(r.ok).toBe(true);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        path: 'agent.nodes[0].transitons',
        message: expect.stringContaining('did you mean transitions?'),
      }),
    );
  });

  it('says nothing about known keys, records, source metadata or $schema', () => {
    const r = parseAgentFile(
      JSON.stringify({
        $schema: '../docs/schemas/suite.schema.json',
        tests: [{ name: 't', includes: ['x'], dynamic_variables: { any: 1 }, source_meta: { other: 1 } }],
      }),
      's.json',
    );
    expect(r.ok ? r.warnings : r.errors).toEqual([]);
  });

  it('keeps unknown keys of other platforms as source metadata (no warning)', () => {
    const r = parseAgentFile(
      JSON.stringify([{ name: 't', user_prompt: 'Call about a bill', some_voicetest_key: 1 }]),
      'tests.json',
    );
    expect(r.ok).toBe(true);
    expect(r.warnings.filter((w) => w.message.includes('unknown key'))).toEqual([]);
  });
});
