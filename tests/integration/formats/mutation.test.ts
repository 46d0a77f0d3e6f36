import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { exportAgent, parseAgentFile, type ExportFormat, type Issue } from '../../../src-main/formats/index.js';
import { importIntoStore } from '../../../src-main/formats/import-into-store.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { corpusFiles, FIXTURE_DIR, fixtureFiles, read } from '../../unit/formats/helpers.js';

/**
 * Mutation test: flip, delete, retype, empty and give hostile names to fields of real files. Every result must be a clean import or
 * errors that each name the file and a JSON path that exists in the mutated file (up to its last
 * segment, which may be the missing key) — never a crash, never an internal error, never a partial write.
 */

type Json = unknown;
type Seg = string | number;

function paths(v: Json, at: Seg[] = [], out: Seg[][] = []): Seg[][] {
  if (at.length) out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object')
    for (const k of Object.keys(v)) paths((v as Record<string, Json>)[k], [...at, k], out);
  return out;
}

function get(v: Json, segs: Seg[]): Json {
  return segs.reduce<Json>((cur, s) => (cur as Record<Seg, Json>)[s], v);
}

const MUTATIONS: Record<string, (v: Json) => Json | typeof DELETE> = {
  delete: () => DELETE,
  retype: (v) =>
    typeof v === 'string'
      ? 42
      : typeof v === 'number'
        ? 'forty-two'
        : typeof v === 'boolean'
          ? 'yes'
          : Array.isArray(v)
            ? { not: 'an array' }
            : v === null
              ? []
              : ['not', 'an object'],
  flip: (v) =>
    typeof v === 'string'
      ? v
        ? `${v}_x`
        : 'x'
      : typeof v === 'number'
        ? -v - 1
        : typeof v === 'boolean'
          ? !v
          : Array.isArray(v)
            ? []
            : v === null
              ? 0
              : {},
  empty: (v) => (typeof v === 'string' ? '' : typeof v === 'number' ? 0 : null),
  // Names that are also Object.prototype members: table lookups keyed by file data must not find them.
  hostile: (v) => (typeof v === 'string' ? (v.length % 2 ? 'constructor' : '__proto__') : 'toString'),
};
const DELETE = Symbol('delete');

function mutate(doc: Json, at: Seg[], how: keyof typeof MUTATIONS): Json {
  const copy = structuredClone(doc);
  const parent = get(copy, at.slice(0, -1)) as Record<Seg, Json> & Json[];
  const key = at[at.length - 1];
  const next = MUTATIONS[how](parent[key]);
  if (next === DELETE) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else parent[key] = next;
  return copy;
}

/** `nodes[3].edges["a b"].x` -> ['nodes', 3, 'edges', 'a b', 'x']. */
function parsePath(p: string): Seg[] {
  const out: Seg[] = [];
  const re = /([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const m of p.matchAll(re)) out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3])));
  return out;
}

function pathExists(doc: Json, p: string): boolean {
  const segs = parsePath(p);
  let cur: Json = doc;
  for (let i = 0; i < segs.length; i++) {
    const last = i === segs.length - 1;
    if (cur === null || typeof cur !== 'object') return false;
    if (!Object.hasOwn(cur as object, segs[i])) return last;
    cur = (cur as Record<Seg, Json>)[segs[i]];
  }
  return true;
}

/** Deterministic sample of at most `n` items. */
function sample<T>(xs: T[], n: number, seed: number): T[] {
  if (xs.length <= n) return xs;
  // Fisher-Yates with a 32-bit xorshift: deterministic, and every index can come up.
  let s = seed | 1;
  const idx = xs.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => xs[i]);
}

const nativeExport = (format: string): ExportFormat =>
  format === 'vapi-squad' ? 'vapi' : format === 'bland-pathway' ? 'bland' : (format as ExportFormat);
/** The JSON fixtures of the platform formats (Bland, Telnyx, ElevenLabs) are mutated too. */
const platformJson = ['bland', 'telnyx', 'elevenlabs'].flatMap((d) =>
  fs
    .readdirSync(path.join(FIXTURE_DIR, d))
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(FIXTURE_DIR, d, f)),
);
const files = [...corpusFiles(), ...fixtureFiles(), ...platformJson];

describe('mutation test: flipped, deleted and retyped fields', () => {
  let dir: string;
  let store: Store;
  const counts = () =>
    store.db
      .prepare(
        'SELECT (SELECT count(*) FROM agents) a, (SELECT count(*) FROM agent_versions) v, (SELECT count(*) FROM suites) s',
      )
      .get() as { a: number; v: number; s: number };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    store = openStore(path.join(dir, 'mutations.db'));
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const file of files) {
    const name = path.basename(file);
    it(`${name}: every mutation imports cleanly or fails with located errors, and failures write nothing`, () => {
      const doc = JSON.parse(read(file)) as Json;
      const targets = sample(paths(doc), 400, name.length * 7919);
      let failedCount = 0;
      let okCount = 0;
      for (const at of targets) {
        for (const how of Object.keys(MUTATIONS) as (keyof typeof MUTATIONS)[]) {
          const mutated = mutate(doc, at, how);
          const text = JSON.stringify(mutated, null, 2);
          const label = `${how} ${at.join('.')}`;
          const r = parseAgentFile(text, name);
          if (!r.ok) {
            failedCount++;
            expect(r.errors.length, label).toBeGreaterThan(0);
            for (const e of r.errors as Issue[]) {
              expect(e.file, label).toBe(name);
              expect(e.message.length, label).toBeGreaterThan(10);
              expect(e.message, label).not.toMatch(/internal error/);
              expect(
                pathExists(mutated, e.path),
                `${label}: error path ${JSON.stringify(e.path)} is not in the file (${e.message})`,
              ).toBe(true);
            }
            const before = counts();
            const stored = importIntoStore(store, text, name);
            expect(stored.ok, label).toBe(false);
            expect(counts(), label).toEqual(before);
          } else {
            okCount++;
            if (r.kind === 'agent') {
              expect(() => AgentGraph.parse(r.graph), label).not.toThrow();
              const again = parseAgentFile(exportAgent(r.graph, nativeExport(r.format)).text, name);
              expect(again.ok ? [] : again.errors, label).toEqual([]);
            }
          }
        }
      }
      expect(failedCount + okCount).toBe(targets.length * Object.keys(MUTATIONS).length);
      expect(failedCount).toBeGreaterThan(0);
    });
  }

  it('a successful import writes exactly one agent with one version', () => {
    const before = counts();
    const r = importIntoStore(store, read(files.find((f) => f.endsWith('revring-order-status.json'))!), 'ok.json');
    expect(r.ok).toBe(true);
    expect(counts()).toEqual({ a: before.a + 1, v: before.v + 1, s: before.s });
  });
});
