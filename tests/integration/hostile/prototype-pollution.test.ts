import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { VariableStore } from '../../../src-main/engine/index.js';
import { bench } from '../../unit/engine/run-helpers.js';
import { ROOT } from '../safety/support.js';

const readJson = (f: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/engine', f), 'utf8'));
const cleanAgent = (): AgentGraphInput => readJson('deterministic-agent.json');
const cleanSuite = () => readJson('deterministic-suite.json');

/** The deterministic agent with a function node that writes through the prototype (the reported attack). */
function hostileAgent(writes: { variable?: string; action?: string }): AgentGraphInput {
  const g = cleanAgent() as { nodes: Record<string, unknown>[] };
  const balance = g.nodes.find((n) => n.id === 'balance')!;
  if (writes.variable) balance.output_variables = [{ output_key: 'balance', variable: writes.variable }];
  if (writes.action) balance.actions = [{ type: 'context.set', path: writes.action, value: 'PWNED' }];
  return g as AgentGraphInput;
}

const HOSTILE_PATHS = [
  '__proto__.polluted',
  'workflow.__proto__.polluted',
  'constructor.prototype.polluted',
  'workflow.x.constructor.prototype.polluted',
  'a["__proto__"].polluted',
];

const untouched = () => {
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
};
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

afterEach(() => {
  // never let one failing case poison the others
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('prototype pollution from an agent file', () => {
  it.each(HOSTILE_PATHS)(
    'validation refuses %s as an output variable and as a context.set path, with the JSON path',
    (p) => {
      const text = JSON.stringify(hostileAgent({ variable: p, action: p }));
      const r = parseAgentFile(text, 'hostile.json');
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const paths = r.errors.map((e) => e.path);
      expect(paths).toContain('nodes[4].output_variables[0].variable');
      expect(paths).toContain('nodes[4].actions[0].path');
      for (const e of r.errors) {
        expect(e.file).toBe('hostile.json');
        expect(e.message).toMatch(/__proto__|constructor|prototype/);
        expect(e.message).toMatch(/expected/);
      }
    },
  );

  it('validation refuses "__proto__" keys in a file and prototype names in default and dynamic variables', () => {
    const agent = cleanAgent() as Record<string, unknown>;
    const text = JSON.stringify(agent).replace(
      '"snippets":',
      '"default_variables": {"__proto__": {"polluted": "PWNED"}}, "snippets":',
    );
    const a = parseAgentFile(text, 'a.json');
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.errors[0]).toMatchObject({ path: 'default_variables.__proto__', file: 'a.json' });

    const b = parseAgentFile(
      JSON.stringify({ ...agent, default_variables: { constructor: { prototype: { polluted: 1 } } } }),
      'b.json',
    );
    expect(b.ok).toBe(false);
    if (!b.ok)
      expect(b.errors.map((e) => e.path)).toEqual([
        'default_variables.constructor',
        'default_variables.constructor.prototype',
      ]);

    const suite = cleanSuite();
    suite.tests[1].dynamic_variables = { workflow: { constructor: { prototype: { polluted: 'PWNED' } } } };
    const s = parseAgentFile(JSON.stringify(suite), 'suite.json');
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.errors[0].path).toBe('tests[1].dynamic_variables.workflow.constructor');
    untouched();
  });

  it.each(HOSTILE_PATHS)(
    'a run of an unvalidated graph writing %s stops with a clear error and leaves Object.prototype untouched; a clean suite then passes 2/2 in the same process',
    async (p) => {
      const hostile = bench(hostileAgent({ variable: p, action: p }), cleanSuite());
      const out = await (await hostile.start()).done;
      untouched();
      const gold = out.results.find((r) => r.test === 'gold member checks balance twice')!;
      expect(gold.status).toBe('error');
      expect(gold.error).toMatch(/not allowed as a name in a variable path/);
      hostile.store.close();

      const clean = bench(cleanAgent(), cleanSuite());
      const ok = await (await clean.start()).done;
      expect(ok.results.map((r) => r.status)).toEqual(['pass', 'pass']);
      clean.store.close();
      untouched();
    },
  );

  it('the variable store keeps variables in null-prototype objects and drops prototype keys from layers', () => {
    const layers = JSON.parse('{"__proto__": {"polluted": "x"}, "workflow": {"__proto__": {"polluted": "y"}, "a": 1}}');
    const vars = new VariableStore(
      { defaults: layers, test: {} },
      {
        callId: 'c',
        turn: () => 0,
      },
    );
    expect(vars.get('polluted')).toBeUndefined();
    expect(vars.get('workflow.polluted')).toBeUndefined();
    expect(vars.get('workflow.a')).toBe(1);
    vars.set('workflow.b.c', 2);
    const snap = vars.snapshot();
    expect(Object.getPrototypeOf(snap)).toBeNull();
    expect(Object.getPrototypeOf(snap.workflow)).toBeNull();
    expect(() => vars.set('toString.x', 1)).not.toThrow(); // an ordinary name: own data, not Object.prototype.toString
    expect(vars.get('toString.x')).toBe(1);
    untouched();
  });
});
