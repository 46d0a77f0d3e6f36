import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseAgentFile } from '../../../src-main/formats/index.js';
import { CORPUS_DIR, FIXTURE_DIR, conv, end, graph, read, tr } from './helpers.js';

const revring = () => JSON.parse(read(path.join(FIXTURE_DIR, 'revring-order-status.json')));
const failed = (text: string, name = 'f.json', opts = {}) => {
  const r = parseAgentFile(text, name, opts);
  if (r.ok) throw new Error('expected errors');
  return r;
};

describe('detectFormat', () => {
  it('recognises every format', () => {
    const cases: [string, string][] = [
      ['retell-sample_config.json', 'retell-cf'],
      ['retell-sample_llm_config.json', 'retell-llm'],
      ['vapi-sample_assistant.json', 'vapi'],
      ['graphs-simple_graph.json', 'voicetest'],
      ['demo-tests.json', 'voicetest-tests'],
    ];
    for (const [f, format] of cases)
      expect(detectFormat(JSON.parse(read(path.join(CORPUS_DIR, f))))).toMatchObject({ ok: true, format });
    const fixtures: [string, string][] = [
      ['revring-order-status.json', 'revring'],
      ['vapi-squad-clinic.json', 'vapi-squad'],
      ['retell-llm-dashboard-export.json', 'retell-llm'],
      ['retell-cf-dashboard-export.json', 'retell-cf'],
    ];
    for (const [f, format] of fixtures)
      expect(detectFormat(JSON.parse(read(path.join(FIXTURE_DIR, f))))).toMatchObject({ ok: true, format });
    expect(detectFormat({ format: 'parley', version: 1, agent: {} })).toMatchObject({
      ok: true,
      format: 'parley',
      kind: 'agent',
    });
    expect(detectFormat(graph([end('a')]))).toMatchObject({ ok: true, format: 'parley' });
    expect(detectFormat({ tests: [] })).toMatchObject({ ok: true, format: 'parley-suite', kind: 'suite' });
  });

  it('says what it found and lists what it expected', () => {
    const d = detectFormat({ hello: 'world' });
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.message).toMatch(
        /^unrecognised file: found an object with keys "hello"; expected one of: Retell conversation flow \(start_node_id \+ nodes/,
      );
      expect(d.message).toMatch(/RevRing flow definition \(schemaVersion \+ begin \+ nodes \+ edges\)/);
      expect(d.message).toMatch(/voicetest test list/);
    }
    expect(detectFormat(42)).toMatchObject({ ok: false, message: expect.stringMatching(/found number/) });
  });
});

describe('parseAgentFile: limits and JSON errors', () => {
  it('refuses files over the size limit before parsing', () => {
    const r = failed('{"a": 1}'.padEnd(2000, ' '), 'big.json', { maxBytes: 1000 });
    expect(r.errors[0]).toMatchObject({ file: 'big.json', path: '' });
    expect(r.errors[0].message).toMatch(/file is 2 KB, larger than the 1000 bytes limit; expected at most 1000 bytes/);
  });

  it('refuses deep nesting with a clear error', () => {
    const r = failed(`{"x": ${'['.repeat(80)}${']'.repeat(80)}}`);
    expect(r.errors[0].message).toMatch(/invalid JSON at line 1, column \d+: nesting deeper than 64 levels/);
    expect(r.errors[0].path).toMatch(/^x(\[0\])+$/);
  });

  it('names line and column of invalid JSON', () => {
    const r = failed('{\n  "start_node_id": "a",\n  "nodes": [\n    {"id": "a" "type": "end"}\n  ]\n}');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].message).toMatch(/^invalid JSON at line 4, column 16: expected ',' or '}'/);
    expect(r.errors[0].path).toBe('nodes[0]');
  });

  it('refuses an unrecognised document', () => {
    expect(failed('[1, 2]').errors[0].message).toMatch(/unrecognised file: found an array of 2 item\(s\)/);
  });

  it('warns about keys that appear twice', () => {
    const r = parseAgentFile(
      JSON.stringify(graph([end('a')])).replace('"entry_node_id":"a"', '"entry_node_id":"b","entry_node_id":"a"'),
      'g.json',
    );
    expect(r.ok).toBe(true);
    expect(r.warnings[0]).toMatchObject({
      path: 'entry_node_id',
      message: expect.stringMatching(/appears more than once/),
    });
  });
});

describe('parseAgentFile: shape errors name the source path', () => {
  it('RevRing: missing and mistyped fields', () => {
    const f = revring();
    delete f.nodes[1].name;
    f.edges[2].kind = 'sometimes';
    f.nodes[2].data.outputVariables[0].outputKey = 5;
    const r = failed(JSON.stringify(f));
    expect(r.format).toBe('revring');
    const byPath = Object.fromEntries(r.errors.map((e) => [e.path, e.message]));
    expect(byPath['nodes[1].name']).toBe('missing; expected a string');
    expect(byPath['edges[2].kind']).toBe('found "sometimes"; expected one of "default", "condition", "else", "skip"');
    expect(byPath['nodes[2].data.outputVariables[0].outputKey']).toBe('found 5; expected a string');
  });

  it('RevRing: unknown node type', () => {
    const f = revring();
    f.nodes[3].type = 'teleport';
    const r = failed(JSON.stringify(f));
    expect(r.errors[0].path).toBe('nodes[3].type');
    expect(r.errors[0].message).toMatch(
      /unknown node type "teleport"; expected one of "conversation", "function", "logic_split"/,
    );
  });

  it('RevRing graph rules point into the flow file', () => {
    const f = revring();
    f.nodes[4].id = 'greeting';
    f.edges[4].target = 'nowhere';
    f.edges.push({
      id: 'g2',
      source: '__global__',
      target: 'goodbye',
      kind: 'condition',
      order: 1,
      condition: { type: 'prompt', promptText: 'x' },
    });
    const r = failed(JSON.stringify(f), 'flow.json');
    const paths = r.errors.map((e) => e.path);
    expect(paths).toContain('nodes[4].id');
    expect(paths).toContain('edges[8].target');
    expect(r.errors.every((e) => e.file === 'flow.json')).toBe(true);
    expect(r.errors.find((e) => e.path === 'edges[8].target')!.message).toMatch(/not a global node/);
  });

  it('Retell: a condition with an unknown operator, and a node missing its instruction', () => {
    const f = JSON.parse(read(path.join(CORPUS_DIR, 'retell-sample_config_logic_split.json')));
    f.nodes[1].edges[0].transition_condition.equations[0].operator = 'approx';
    delete f.nodes[2].instruction;
    const r = failed(JSON.stringify(f));
    const byPath = Object.fromEntries(r.errors.map((e) => [e.path, e.message]));
    expect(byPath['nodes[2].instruction']).toMatch(
      /missing; expected \{"type": "prompt" \| "static_text", "text": ...\} on a conversation node/,
    );
    expect(Object.keys(byPath)).toHaveLength(1);
    delete f.nodes[2];
    f.nodes[2] = JSON.parse(read(path.join(CORPUS_DIR, 'retell-sample_config_logic_split.json'))).nodes[2];
    const r2 = failed(JSON.stringify(f));
    expect(r2.errors[0].path).toBe('nodes[1].edges[0].transition_condition.equations[0].operator');
    expect(r2.errors[0].message).toMatch(/unknown equation operator "approx"; expected one of ==/);
  });

  it('Parley JSON: paths are under agent.', () => {
    const r = failed(JSON.stringify({ format: 'parley', version: 1, agent: graph([conv('a', [tr('t', 'zz')])]) }));
    expect(r.errors[0].path).toBe('agent.nodes[0].transitions[0].target');
  });

  it('a file over the platform limit imports with a warning', () => {
    const f = revring();
    f.nodes[0].data.instruction = 'x'.repeat(50 * 1024);
    const r = parseAgentFile(JSON.stringify(f), 'big-flow.json');
    expect(r.ok).toBe(true);
    expect(r.warnings.find((w) => /larger than the 48 KB the revring platform accepts/.test(w.message))).toBeTruthy();
  });
});

describe('parseAgentFile: names and suites', () => {
  it('an agent whose file names nothing is named after the file; a named one keeps its name', () => {
    const r = parseAgentFile(read(path.join(FIXTURE_DIR, 'revring-order-status.json')), '/tmp/x/order-hotline.json');
    expect(r.ok && r.kind === 'agent' && r.graph.name).toBe('order-hotline');
    const v = parseAgentFile(read(path.join(CORPUS_DIR, 'vapi-sample_assistant.json')), 'whatever.json');
    expect(v.ok && v.kind === 'agent' && v.graph.name).toBe('Healthcare Receptionist');
  });

  it('voicetest test list -> suite named after the file, legacy types mapped', () => {
    const r = parseAgentFile(read(path.join(CORPUS_DIR, 'demo-tests.json')), 'demo-tests.json');
    expect(r.ok && r.kind).toBe('suite');
    if (!r.ok || r.kind !== 'suite') return;
    expect(r.suite.name).toBe('demo-tests');
    expect(r.suite.tests).toHaveLength(8);
    expect(r.suite.tests.map((t) => t.type)).toEqual(['llm', 'llm', 'llm', 'llm', 'llm', 'rule', 'rule', 'rule']);
    expect(r.suite.tests[5]).toMatchObject({
      name: 'Greeting includes company name',
      includes: ['Acme', 'Healthcare', 'help'],
      excludes: ['goodbye'],
    });
  });

  it('a voicetest list error names the path in the list', () => {
    const bad = failed(
      JSON.stringify([
        { name: 'ok', user_prompt: 'hi' },
        { name: 'b', type: 'fuzzy', includes: 'x' },
      ]),
      'tests.json',
    );
    expect(bad.errors.map((e) => [e.path, e.message])).toEqual([
      ['[1].type', 'found "fuzzy"; expected one of "llm", "rule"'],
      ['[1].includes', 'found "x"; expected an array'],
    ]);
  });

  it('Parley suite JSON keeps its name; a test error names its path', () => {
    const ok = parseAgentFile(
      JSON.stringify({ name: 'Smoke', tests: [{ name: 't1', user_prompt: 'hi', type: 'unit', includes: ['x'] }] }),
      'smoke.json',
    );
    expect(ok.ok && ok.kind === 'suite' && ok.suite.name).toBe('Smoke');
    expect(ok.ok && ok.kind === 'suite' && ok.suite.tests[0].type).toBe('rule');
    const bad = failed(JSON.stringify({ tests: [{ name: 't1' }, { name: '', max_turns: 0 }] }));
    expect(bad.errors.map((e) => e.path).sort()).toEqual(['tests[1].max_turns', 'tests[1].name']);
    expect(bad.errors.find((e) => e.path === 'tests[1].max_turns')!.message).toBe('found 0; expected at least 1');
  });
});
