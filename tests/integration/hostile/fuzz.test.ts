import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EXPANDED_TEXT_CHARS } from '../../../src-shared/limits.js';
import { SnippetSizer } from '../../../src-shared/templates/snippet-size.js';
import { AgentGraph, TestSuite, type AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { expandSnippets, startRun, VariableStore } from '../../../src-main/engine/index.js';
import { importIntoStore } from '../../../src-main/formats/import-into-store.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { tempStore } from '../../unit/engine/run-helpers.js';
import { ROOT } from '../safety/support.js';

/**
 * A fuzz pass of hostile variable paths and snippet graphs through validate, import and run:
 * nothing throws out of the validator or the importer, nothing reaches Object.prototype, a graph the
 * validator accepts never builds an oversized prompt, and a refused file stores nothing.
 */

const PROTO = Object.getOwnPropertyNames(Object.prototype).sort();
const untouched = () => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
};
afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

const NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'polluted',
  'workflow',
  'user',
  'toString',
  'valueOf',
  'a',
  ' x ',
];
const segment = fc.oneof(
  fc.constantFrom(...NAMES).map((n) => ({ key: n })),
  fc.string({ maxLength: 6 }).map((n) => ({ key: n })),
  fc
    .constantFrom('[0]', '[+]', '[-1]', '["__proto__"]', "['constructor']", '[', ']', '.', '{{', '}}')
    .map((raw) => ({ raw })),
);
/** Paths made of hostile and ordinary names, brackets and stray punctuation. */
const variablePath = fc
  .array(segment, { minLength: 1, maxLength: 6 })
  .map((segs) => segs.map((s, i) => ('raw' in s ? s.raw : i ? `.${s.key}` : s.key)).join(''));

const cleanAgent = (): AgentGraphInput =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/engine/deterministic-agent.json'), 'utf8'));
const suite = TestSuite.parse(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/engine/deterministic-suite.json'), 'utf8')),
);

function withPaths(p: string, q: string): AgentGraphInput {
  const g = cleanAgent() as { nodes: Record<string, unknown>[]; default_variables?: unknown };
  const balance = g.nodes.find((n) => n.id === 'balance')!;
  balance.output_variables = [{ output_key: q, variable: p }];
  balance.actions = [{ type: 'context.set', path: q, value: 'PWNED' }];
  const tier = g.nodes.find((n) => n.id === 'tier')!;
  (tier.transitions as { condition: { equations?: { left: string }[] } }[])[0].condition.equations![0].left = p;
  return g as AgentGraphInput;
}

describe('fuzz: hostile variable paths', () => {
  it('the variable store never writes through a prototype, whatever the path', () => {
    fc.assert(
      fc.property(fc.array(variablePath, { minLength: 1, maxLength: 8 }), (paths) => {
        const vars = new VariableStore({ defaults: { workflow: {} } }, { callId: 'c', turn: () => 0 });
        for (const p of paths) {
          try {
            vars.set(p, 'PWNED');
          } catch (e) {
            expect((e as Error).name).toBe('PathError');
          }
          vars.get(p);
          try {
            vars.delete(p);
          } catch (e) {
            expect((e as Error).name).toBe('PathError');
          }
        }
        untouched();
      }),
      { numRuns: 400 },
    );
  });

  it('validate and import never throw; a path naming the prototype is refused and nothing is stored', () => {
    const store = tempStore();
    fc.assert(
      fc.property(variablePath, variablePath, (p, q) => {
        const text = JSON.stringify(withPaths(p, q));
        const before = store.agents.list().length;
        const r = importIntoStore(store, text, 'fuzz.json');
        const hostileNames = [p, q].some((x) =>
          x.split(/[.[\]'"\s{}]+/).some((s) => ['__proto__', 'constructor', 'prototype'].includes(s)),
        );
        if (hostileNames) {
          expect(r.ok).toBe(false);
          if (!r.ok)
            expect(
              r.errors.some((e) => /nodes\[4\]\.(output_variables|actions)\[0\]|nodes\[1\]\.transitions/.test(e.path)),
            ).toBe(true);
          expect(store.agents.list().length).toBe(before);
        }
        if (!r.ok) for (const e of r.errors) expect(e.file).toBe('fuzz.json');
        untouched();
      }),
      { numRuns: 300 },
    );
    store.close();
  });

  it('runs of unvalidated graphs with such paths end (pass, fail or error), store every result, and leave Object.prototype alone', async () => {
    await fc.assert(
      fc.asyncProperty(variablePath, variablePath, async (p, q) => {
        // the shape must hold (empty paths are refused by the schema); the graph rules are skipped on purpose
        const parsed = AgentGraph.safeParse(withPaths(p, q));
        fc.pre(parsed.success);
        if (!parsed.success) return;
        const store = tempStore();
        const { agent, version } = store.agents.create(parsed.data, { name: 'fuzz' });
        const model = scriptedModel({});
        const out = await (
          await startRun({
            store,
            models: { agent: model, caller: model, judge: model },
            agent: { id: agent.id, version_id: version.id, name: 'fuzz', graph: version.graph },
            suite: { id: null, name: 'suite', data: suite },
          })
        ).done;
        expect(out.run.status).toBe('completed');
        expect(out.results).toHaveLength(2);
        store.close();
        untouched();
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('fuzz: snippet graphs', () => {
  const SNIPPET_NAMES = ['a', 'b', 'c', '__proto__', 'constructor', 'toString'];
  const snippetText = fc
    .array(
      fc.oneof(
        fc.constantFrom(...SNIPPET_NAMES).map((n) => `{%${n}%}`),
        fc
          .tuple(fc.constantFrom(...SNIPPET_NAMES), fc.integer({ min: 1, max: 40 }))
          .map(([n, k]) => `{%${n}%}`.repeat(k)),
        fc.string({ maxLength: 30 }),
        fc.constantFrom('{%', '%}', '{% a %}', '{{a}}'),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join(''));
  const snippets = fc.dictionary(fc.constantFrom(...SNIPPET_NAMES.filter((n) => n !== '__proto__')), snippetText, {
    maxKeys: 5,
  });

  const snippetGraph = (s: Record<string, string>, prompt: string): AgentGraphInput => ({
    name: 'snippets',
    entry_node_id: 'hello',
    snippets: s,
    nodes: [
      {
        id: 'hello',
        type: 'conversation',
        instruction: { mode: 'static', text: prompt },
        transitions: [{ id: 'bye', target: 'end', condition: { kind: 'always' } }],
      },
      { id: 'end', type: 'end' },
    ],
  });

  it('the computed size is exactly what the engine builds, and the engine refuses exactly what the validator would', () => {
    fc.assert(
      fc.property(snippets, snippetText, (s, text) => {
        const sizer = new SnippetSizer(s);
        if (sizer.peakLength(text) <= Math.max(MAX_EXPANDED_TEXT_CHARS, text.length))
          expect(expandSnippets(text, s).length).toBe(sizer.expandedLength(text));
        else expect(() => expandSnippets(text, s)).toThrow(/beyond 200,000 characters/);
      }),
      { numRuns: 500 },
    );
  });

  it('a snippet graph the validator accepts imports and runs without an oversized prompt; a refused one stores nothing', async () => {
    const store = tempStore();
    const model = scriptedModel({});
    await fc.assert(
      fc.asyncProperty(snippets, snippetText, async (s, prompt) => {
        const before = process.memoryUsage().heapUsed;
        const agentsBefore = store.agents.list().length;
        const r = importIntoStore(store, JSON.stringify(snippetGraph(s, prompt)), 'snip.json');
        expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
        if (!r.ok) {
          expect(store.agents.list().length).toBe(agentsBefore);
          for (const e of r.errors) expect(e.path).toMatch(/^(snippets|nodes\[0\]\.instruction\.text)/);
          return;
        }
        if (r.kind !== 'agent') throw new Error('expected an agent');
        const version = store.agents.latest(r.id)!;
        const out = await (
          await startRun({
            store,
            models: { agent: model, caller: model, judge: model },
            agent: { id: r.id, version_id: version.id, name: r.name, graph: version.graph },
            suite: { id: null, name: 's', data: TestSuite.parse({ tests: [{ name: 't', caller_script: ['hi'] }] }) },
          })
        ).done;
        expect(out.results).toHaveLength(1);
        expect(out.results[0].error ?? '').not.toMatch(/beyond 200,000 characters/);
        untouched();
      }),
      { numRuns: 120 },
    );
    store.close();
  }, 120_000);
});
