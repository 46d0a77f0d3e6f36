import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { expandedPrompts } from '../../../src-main/analysis/prompt-fields.js';
import { analyzeSnippets, applySnippets, SnippetApplyError } from '../../../src-main/analysis/snippets.js';
import { parseAgentFile } from '../../../src-main/formats/index.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// the copy of ../shared/corpus kept in the repository (tests/fixtures/corpus/NOTICE.md)
const CORPUS = path.resolve(ROOT, 'tests/fixtures/corpus/voicetest');
const clinic = () =>
  AgentGraph.parse(JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8')));

function corpusGraphs(): [string, AgentGraph][] {
  return readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const r = parseAgentFile(readFileSync(path.join(CORPUS, f), 'utf8'), f);
      return r.ok && r.kind === 'agent' ? [[f, r.graph] as [string, AgentGraph]] : [];
    });
}

describe('snippet analysis', () => {
  it('finds a pasted paragraph as one candidate and a shared sentence across the global prompt and a node', () => {
    const r = analyzeSnippets(clinic());
    const exact = r.candidates.filter((c) => c.kind === 'exact');
    expect(exact.map((c) => [c.id, c.name, c.text, c.places.map((p) => p.node_id ?? p.path)])).toEqual([
      [
        'x1',
        'speak_calmly_use_short',
        "Speak calmly and use short sentences. Confirm the caller's full name before continuing.",
        ['greet', 'book', 'cancel'],
      ],
      ['x2', 'never_give_medical_advice', 'Never give medical advice.', ['global_prompt', 'book']],
    ]);
    // offsets point at the text in each field
    const g = clinic();
    for (const c of exact)
      for (const p of c.places) expect(expandedPrompts(g)[p.path].slice(p.start, p.end)).toBe(c.text);
  });

  it('does not call two conditions of one node near repeats (they are alternatives the router tells apart)', () => {
    const r = analyzeSnippets(clinic());
    expect(r.candidates.filter((c) => c.kind === 'near')).toEqual([]);
  });

  it('applying keeps every expanded prompt byte-equal and adds the snippets', () => {
    const g = clinic();
    const r = analyzeSnippets(g);
    const next = applySnippets(g, r.candidates);
    expect(next.snippets).toEqual({
      speak_calmly_use_short: r.candidates[0].text,
      never_give_medical_advice: 'Never give medical advice.',
    });
    expect(next.nodes[1].type === 'conversation' && next.nodes[1].instruction.text).toBe(
      'Find a free slot. {%speak_calmly_use_short%}\n{%never_give_medical_advice%}',
    );
    expect(next.global_prompt).toBe('You are the front desk of Maple Clinic. {%never_give_medical_advice%}');
    expect(expandedPrompts(next)).toEqual(expandedPrompts(g));
    expect(analyzeSnippets(next).candidates.filter((c) => c.kind === 'exact')).toEqual([]);
    expect(g.snippets).toEqual({}); // the input is not changed
  });

  it('analyses a graph that already uses snippets (applied one at a time)', () => {
    const g = clinic();
    const [x1] = analyzeSnippets(g).candidates;
    const once = applySnippets(g, [x1]);
    const left = analyzeSnippets(once).candidates;
    expect(left.map((c) => [c.kind, c.text, c.places.map((p) => p.path)])).toEqual([
      ['exact', 'Never give medical advice.', ['global_prompt', 'nodes[1].instruction.text']],
    ]);
    const twice = applySnippets(once, left);
    expect(expandedPrompts(twice)).toEqual(expandedPrompts(g));
    expect(analyzeSnippets(twice).used_once).toEqual([]);
  });

  it('reports snippets used once and snippets nothing uses', () => {
    const g = clinic();
    g.snippets = { once: 'Be brief.', never: 'Unused text.', nested: '{%once%} too' };
    g.global_prompt += ' {%nested%}';
    const r = analyzeSnippets(g);
    expect(r.unused).toEqual(['never']);
    expect(r.used_once.map((s) => [s.name, s.uses.map((u) => u.path)])).toEqual([
      ['once', ['snippets.nested']],
      ['nested', ['global_prompt']],
    ]);
  });

  it('refuses near repeats, names already taken and overlapping candidates, changing nothing', () => {
    const g = clinic();
    const near = {
      id: 'n1',
      kind: 'near' as const,
      name: 'x',
      text: 'a',
      places: [],
      similarity: 0.9,
      saved_chars: 0,
    };
    expect(() => applySnippets(g, [near])).toThrow(SnippetApplyError);
    const [x1] = analyzeSnippets(g).candidates;
    g.snippets = { taken: 'x' };
    expect(() => applySnippets(g, [{ ...x1, name: 'taken' }])).toThrow(/already exists/);
    expect(() => applySnippets(g, [x1, { ...x1, name: 'again' }])).toThrow(/overlap/);
  });

  it('proposed names never collide with a {%reference%} that is written but undefined', () => {
    const g = clinic();
    g.global_prompt += ' {%speak_calmly_use_short%}';
    const [x1] = analyzeSnippets(g).candidates;
    expect(x1.name).toBe('speak_calmly_use_short_2');
    expect(expandedPrompts(applySnippets(g, [x1]))).toEqual(expandedPrompts(g));
  });
});

describe('snippet analysis on the corpus (../shared/corpus/voicetest)', () => {
  const graphs = corpusGraphs();

  it('reads the corpus agents', () => expect(graphs.length).toBeGreaterThanOrEqual(10));

  it('finds the repeats a person sees', () => {
    const found = Object.fromEntries(
      graphs.map(([f, g]) => [
        f,
        analyzeSnippets(g).candidates.map(
          (c) => `${c.kind}: ${c.text} @ ${c.places.map((p) => p.transition_id ?? p.node_id).join(', ')}`,
        ),
      ]),
    );
    expect(found['graphs-graph_with_logic_split.json']).toEqual(['exact: Issue resolved @ premium#0, standard#0']);
    expect(found['retell-sample_config_logic_split.json']).toEqual(['exact: Issue is resolved @ edge-4, edge-5']);
    expect(found['retell-sample_config_extract_variables.json']).toEqual([
      'near: Patient provided their date of birth @ edge-ask-to-extract, edge-retry-to-extract',
    ]);
    for (const f of ['graphs-simple_graph.json', 'retell-sample_config.json', 'vapi-sample_assistant_simple.json'])
      expect(found[f]).toEqual([]);
  });

  it('applying every exact candidate keeps every expanded prompt of every corpus graph byte-equal', () => {
    let applied = 0;
    for (const [f, g] of graphs) {
      const exact = analyzeSnippets(g).candidates.filter((c) => c.kind === 'exact');
      const next = applySnippets(g, exact);
      applied += exact.length;
      expect(expandedPrompts(next), f).toEqual(expandedPrompts(g));
      expect(Object.keys(next.snippets).length, f).toBe(exact.length);
    }
    expect(applied).toBeGreaterThanOrEqual(2);
  });
});
