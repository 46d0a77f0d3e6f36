import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMATS,
  FORMAT_NAMES,
  exportAgent,
  exportSuite,
  parseAgentFile,
} from '../../../src-main/formats/index.js';
import { CORPUS_DIR, FIXTURE_DIR, agentOk, conv, end, graph, read, tr } from './helpers.js';

describe('exportAgent', () => {
  it('knows every export format by name', () => {
    expect([...EXPORT_FORMATS]).toEqual([
      'retell-cf',
      'retell-llm',
      'vapi',
      'revring',
      'voicetest',
      'bland',
      'telnyx',
      'livekit',
      'elevenlabs',
      'parley',
      'mermaid',
    ]);
    for (const f of EXPORT_FORMATS) expect(FORMAT_NAMES[f]).toBeTruthy();
    expect(() => exportAgent(graph([end('a')]), 'yaml' as never)).toThrow(
      /unknown export format "yaml"; expected one of retell-cf/,
    );
  });

  it('every format can write every corpus agent, and what it writes reads back (except mermaid, a picture)', () => {
    const agents = [
      ...[
        'retell-sample_config_global_nodes.json',
        'retell-sample_llm_config.json',
        'vapi-sample_assistant.json',
        'graphs-graph_with_logic_split.json',
      ].map((f) => path.join(CORPUS_DIR, f)),
      ...['revring-order-status.json', 'vapi-squad-clinic.json', 'retell-cf-dashboard-export.json'].map((f) =>
        path.join(FIXTURE_DIR, f),
      ),
    ];
    for (const file of agents) {
      const g = agentOk(read(file), path.basename(file)).graph;
      for (const format of EXPORT_FORMATS) {
        const out = exportAgent(g, format);
        expect(out.text.length, `${file} -> ${format}`).toBeGreaterThan(20);
        for (const d of out.dropped) expect(d.reason.length).toBeGreaterThan(5);
        if (format === 'mermaid') continue;
        const back = parseAgentFile(out.text, format === 'livekit' ? 'back_agent.py' : `back.${format}.json`);
        expect(
          back.ok ? [] : back.errors.map((e) => `${e.path}: ${e.message}`),
          `${path.basename(file)} -> ${format}`,
        ).toEqual([]);
      }
    }
  });

  it('Parley JSON is versioned and drops nothing', () => {
    const g = agentOk(read(path.join(FIXTURE_DIR, 'vapi-squad-clinic.json'))).graph;
    const out = exportAgent(g, 'parley');
    expect(out.dropped).toEqual([]);
    expect(JSON.parse(out.text)).toMatchObject({
      format: 'parley',
      version: 1,
      agent: { source: { format: 'vapi-squad' } },
    });
  });

  it('Mermaid draws node shapes, edge labels and global entries', () => {
    const g = graph([
      conv('hello', [tr('t1', 'router', { kind: 'prompt', prompt: 'Caller said "hi" | waved' })]),
      {
        id: 'router',
        type: 'logic',
        transitions: [
          tr('t2', 'bye', {
            kind: 'equation',
            match: 'all',
            equations: [{ left: 'tier', operator: '==', right: 'gold' }],
          }),
          tr('t3', 'bye', { kind: 'else' }),
        ],
      },
      end('bye'),
      {
        ...end('human'),
        global: { entry_conditions: [{ id: 'g', condition: { kind: 'prompt', prompt: 'wants a human' } }] },
      },
    ]);
    const out = exportAgent(g, 'mermaid');
    expect(out.text.split('\n').slice(0, 7)).toEqual([
      'flowchart TD',
      '  start((start))',
      '  n0["hello<br>conversation"]',
      '  n1{"router<br>logic"}',
      '  n2(["bye<br>end"])',
      '  n3(["human<br>end"])',
      '  start --> n0',
    ]);
    expect(out.text).toContain('  n0 -->|Caller said &quot;hi&quot; &#124; waved| n1');
    expect(out.text).toContain('  n1 -->|tier == gold| n2');
    expect(out.text).toContain('  n1 -->|else| n2');
    expect(out.text).toContain('  any -.->|wants a human| n3');
    expect(out.dropped).toHaveLength(1);
  });
});

describe('evaluation order', () => {
  it('formats without an order field get condition edges sorted by order', () => {
    const g = graph([
      conv('a', [
        tr('late', 'b', { kind: 'prompt', prompt: 'second' }, { order: 1 }),
        tr('early', 'b', { kind: 'prompt', prompt: 'first' }, { order: 0 }),
        tr('other', 'b', { kind: 'else' }),
      ]),
      end('b'),
    ]);
    expect(JSON.parse(exportAgent(g, 'retell-cf').text).nodes[0].edges.map((e: { id: string }) => e.id)).toEqual([
      'early',
      'late',
    ]);
    const vt = exportAgent(g, 'voicetest');
    expect(
      JSON.parse(vt.text).nodes.a.transitions.map(
        (t: { condition: { type: string; value: string } }) => `${t.condition.type}:${t.condition.value}`,
      ),
    ).toEqual(['llm_prompt:first', 'llm_prompt:second', 'always:Else']);
    expect(vt.dropped.map((d) => d.path)).toContain('nodes[0].transitions[2]');
    const rev = JSON.parse(exportAgent(g, 'revring').text);
    expect(rev.edges.map((e: { id: string; order?: number }) => [e.id, e.order])).toEqual([
      ['late', 1],
      ['early', 0],
      ['other', undefined],
    ]);
  });
});

describe('exportSuite', () => {
  it('writes a voicetest list, dropping Parley-only test settings with their path', () => {
    const r = parseAgentFile(
      JSON.stringify({
        name: 'S',
        tests: [{ name: 'a', user_prompt: 'hi', max_turns: 4, assertions: { path: { must_visit: ['x'] } } }],
      }),
      's.json',
    );
    if (!r.ok || r.kind !== 'suite') throw new Error('suite');
    const out = exportSuite(r.suite, 'voicetest-tests');
    expect(JSON.parse(out.text)).toEqual([{ name: 'a', user_prompt: 'hi' }]);
    expect(out.dropped.map((d) => d.path)).toEqual(['tests[0].max_turns', 'tests[0].assertions']);
    const parley = exportSuite(r.suite, 'parley-suite');
    expect(JSON.parse(parley.text)).toMatchObject({ name: 'S', tests: [{ name: 'a', max_turns: 4 }] });
  });
});
