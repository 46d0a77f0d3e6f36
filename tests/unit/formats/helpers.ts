import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { parseAgentFile, type ParseResult } from '../../../src-main/formats/index.js';
import { stableStringify } from '../../../src-main/formats/shared/stable-json.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CORPUS_DIR = path.join(ROOT, 'tests/fixtures/corpus/voicetest');
export const FIXTURE_DIR = path.join(ROOT, 'tests/fixtures/formats');

export const corpusFiles = (): string[] =>
  readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(CORPUS_DIR, f));
export const fixtureFiles = (): string[] =>
  readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(FIXTURE_DIR, f));
export const read = (file: string): string => readFileSync(file, 'utf8');

/** Parse + stable stringify: the normal form files are compared in. */
export const normal = (text: string): string => stableStringify(JSON.parse(text));

export function parseOk(text: string, name = 'test.json'): Extract<ParseResult, { ok: true }> {
  const r = parseAgentFile(text, name);
  if (!r.ok)
    throw new Error(`expected ${name} to import, got:\n${r.errors.map((e) => `${e.path}: ${e.message}`).join('\n')}`);
  return r;
}

export function agentOk(text: string, name = 'test.json') {
  const r = parseOk(text, name);
  if (r.kind !== 'agent') throw new Error(`${name} is a suite`);
  return r;
}

/** Small builders for Parley graphs in tests. */
export const conv = (id: string, transitions: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  id,
  type: 'conversation',
  instruction: { mode: 'prompt', text: `Say hi from ${id}` },
  transitions,
  ...extra,
});
export const end = (id: string) => ({ id, type: 'end', transitions: [] });
export const logic = (id: string, transitions: unknown[]) => ({ id, type: 'logic', transitions });
export const tr = (
  id: string,
  target: string,
  condition: Record<string, unknown> = { kind: 'prompt', prompt: `go to ${target}` },
  extra: Record<string, unknown> = {},
) => ({ id, target, condition, ...extra });
export const eq = (left: string, operator: string, right?: string) => ({
  kind: 'equation',
  match: 'all',
  equations: [{ left, operator, ...(right !== undefined ? { right } : {}) }],
});

export function graph(nodes: unknown[], extra: Record<string, unknown> = {}): AgentGraphInput {
  return { entry_node_id: (nodes[0] as { id: string }).id, nodes, ...extra } as AgentGraphInput;
}

/** A RevRing flow of `n` nodes: a chain of conversation nodes with a logic split every tenth node and one global node. */
export function bigRevRing(n: number): string {
  const nodes: unknown[] = [];
  const edges: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const id = `n${i}`;
    const logic = i % 10 === 5;
    nodes.push(
      logic
        ? { id, type: 'logic_split', name: `Split ${i}`, position: { x: i * 10, y: 0 }, data: {} }
        : {
            id,
            type: 'conversation',
            name: `Step ${i}`,
            position: { x: i * 10, y: 0 },
            data: {
              instructionType: 'prompt',
              instruction: `Step ${i}: ask the caller about item {{item_${i % 7}}} and confirm it.`,
            },
          },
    );
    const next = `n${Math.min(i + 1, n - 1)}`;
    if (logic) {
      edges.push({
        id: `e${i}a`,
        source: id,
        target: next,
        kind: 'condition',
        order: 0,
        condition: { type: 'equation', equations: [{ variable: `item_${i % 7}`, operator: 'exists' }] },
      });
      edges.push({ id: `e${i}b`, source: id, target: `n${Math.max(i - 1, 0)}`, kind: 'else' });
    } else if (i < n - 1) {
      edges.push({
        id: `e${i}`,
        source: id,
        target: next,
        kind: 'condition',
        order: 0,
        condition: { type: 'prompt', promptText: `Has the caller answered step ${i}?` },
      });
    }
  }
  nodes.push({
    id: 'human',
    type: 'call_transfer',
    name: 'Human',
    isGlobal: true,
    position: { x: 0, y: 500 },
    data: { transferTo: '+14155550100' },
  });
  edges.push({
    id: 'g',
    source: '__global__',
    target: 'human',
    kind: 'condition',
    order: 0,
    condition: { type: 'prompt', promptText: 'Wants a human?' },
  });
  return JSON.stringify(
    { schemaVersion: 1, begin: { startNodeId: 'n0', whoSpeaksFirst: 'agent' }, nodes, edges },
    null,
    2,
  );
}
