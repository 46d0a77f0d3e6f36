import { describe, expect, it } from 'vitest';
import type { AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { MAX_EXPANDED_TEXT_CHARS } from '../../../src-shared/limits.js';
import { SnippetSizer } from '../../../src-shared/templates/snippet-size.js';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { expandSnippets, TemplateSizeError } from '../../../src-main/engine/conversation/template.js';
import { bench } from '../../unit/engine/run-helpers.js';

/** The reported file: one snippet repeating itself 30 times; 5 levels of expansion make 30^5 copies. */
function bomb(repeats = 30): AgentGraphInput {
  return {
    name: 'Snippet bomb',
    entry_node_id: 'hello',
    snippets: { s: `Say hello politely. ${'{%s%}'.repeat(repeats)}` },
    nodes: [
      {
        id: 'hello',
        type: 'conversation',
        instruction: { mode: 'prompt', text: 'Greet the caller. {%s%}' },
        transitions: [{ id: 'bye', target: 'end', condition: { kind: 'always' } }],
      },
      { id: 'end', type: 'end' },
    ],
  } as AgentGraphInput;
}

const MB = 1024 * 1024;

describe('snippet expansion has a size limit', () => {
  it('validation computes the expanded size and refuses with the snippet path, without expanding (memory bound)', () => {
    for (const repeats of [30, 300]) {
      const text = JSON.stringify(bomb(repeats));
      const before = process.memoryUsage().heapUsed;
      const r = parseAgentFile(text, 'bomb.json');
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * MB);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatchObject({ file: 'bomb.json', path: 'snippets.s' });
      expect(r.errors[0].message).toMatch(/expands to [\d,]+ characters .* over the limit of 200,000; expected/);
    }
    expect(Buffer.byteLength(JSON.stringify(bomb(30)))).toBeLessThan(3000);
  });

  it('a chain of distinct snippets is refused at the snippet that multiplies, and the prompt text too when it multiplies', () => {
    const g = bomb(1) as { snippets: Record<string, string>; nodes: { instruction?: { text: string } }[] };
    g.snippets = { a: '{%b%}'.repeat(20), b: '{%c%}'.repeat(20), c: '{%d%}'.repeat(20), d: 'x'.repeat(100) };
    g.nodes[0].instruction!.text = '{%a%}';
    const r = parseAgentFile(JSON.stringify(g), 'chain.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toEqual(['snippets.a']);
    // sizes are exact for what the engine builds
    const small = { a: '{%b%}{%b%}', b: 'xyz{%c%}', c: '12345' };
    expect(new SnippetSizer(small).expandedLength('<{%a%}>')).toBe(expandSnippets('<{%a%}>', small).length);
  });

  it('a graph within the limit still validates (the limit is on the expansion, not on snippets)', () => {
    const g = bomb(1) as { snippets: Record<string, string> };
    g.snippets = { s: 'Be brief. {%t%} {%t%}', t: 'Never give legal advice.' };
    expect(parseAgentFile(JSON.stringify(g), 'ok.json').ok).toBe(true);
  });

  it('the engine refuses to build an oversized text, and a run of an unvalidated bomb ends in an error result under a memory bound', async () => {
    const snippets = { s: `x ${'{%s%}'.repeat(30)}` };
    expect(() => expandSnippets('{%s%}', snippets)).toThrow(TemplateSizeError);
    const before = process.memoryUsage().rss;
    const b = bench(bomb(300), {
      name: 'bomb',
      tests: [{ name: 'greets', caller_script: ['hi'] }],
    });
    const out = await (await b.start()).done;
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * MB);
    expect(out.run.status).toBe('completed');
    expect(out.results).toHaveLength(1);
    expect(out.results[0].status).toBe('error');
    expect(out.results[0].error).toContain(`beyond ${MAX_EXPANDED_TEXT_CHARS.toLocaleString('en-US')} characters`);
    const dbBytes = (b.store.db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count * 4096;
    expect(dbBytes).toBeLessThan(8 * MB);
    b.store.close();
  });
});
