/**
 * The import direction of docs/architecture.md, read from the import graph TypeScript's parser builds
 * (static, dynamic, type-only and re-exports alike), not from names or regexes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type ImportEdge } from '../../support/import-graph.js';
import { layerTable } from '../../support/layer-table.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { files, edges } = importGraph(ROOT, ['src-main', 'src-shared', 'src-renderer', 'src-preload']);

/** THE layer table (eslint-rules/layer-table.js): the lint rule parley/layers reads the same one. */
const { ROOMS_BEHIND_THE_DOOR: ROOMS, ABOVE_THE_ROOMS: ABOVE, MAY_IMPORT, placeOf, matches, mayImport } = layerTable;
const room = (f: string) => /^src-main\/([^/]+)\//.exec(f)?.[1];
const isDoor = (f: string) => f.startsWith('src-main/cli/') || f.startsWith('src-main/api/');
/** Whether an edge between two files of src-main or src-shared is one the layer table allows. */
const tableAllows = (e: ImportEdge) => mayImport(placeOf(e.from)!, placeOf(e.to)!);
const governed = (e: ImportEdge) => placeOf(e.from) !== undefined && placeOf(e.to) !== undefined;

/** What a door file may import: the application layer, the shared contract and helpers, its own folder. */
const doorMayImport = tableAllows;

const describeEdge = (e: ImportEdge) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`;

describe('import direction (docs/architecture.md, "The door and the layers")', () => {
  it('every folder of src-main is a room or above them (a new folder is placed in eslint-rules/layer-table.js)', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'src-main'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !ROOMS.includes(f) && !ABOVE.includes(f))).toEqual([]);
  });

  it('reads the whole source tree', () => {
    expect(files.length).toBeGreaterThan(400);
    expect(edges.length).toBeGreaterThan(1500);
  });

  it('cli/ and api/ import only app/, src-shared/ and their own files (serve and the API wiring: the table)', () => {
    expect(edges.filter((e) => isDoor(e.from) && !doorMayImport(e)).map(describeEdge)).toEqual([]);
  });

  it('the rooms below app/ never import app/, the doors, the server or electron code', () => {
    const upward = edges.filter(
      (e) => ROOMS.includes(room(e.from) ?? '') && /^src-main\/(app|cli|api|server|electron)\//.test(e.to),
    );
    expect(upward.map(describeEdge)).toEqual([]);
  });

  it('src-shared imports nothing from main or the renderer; the renderer nothing from main', () => {
    const shared = edges.filter((e) => e.from.startsWith('src-shared/') && !e.to.startsWith('src-shared/'));
    const renderer = edges.filter((e) => e.from.startsWith('src-renderer/') && e.to.startsWith('src-main/'));
    expect([...shared, ...renderer].map(describeEdge)).toEqual([]);
  });

  it('the check can fail: a door importing the engine is caught, a type import too', () => {
    const bad = { from: 'src-main/cli/commands/run.ts', to: 'src-main/engine/index.ts', typeOnly: true };
    expect(doorMayImport(bad)).toBe(false);
    expect(doorMayImport({ ...bad, to: 'src-main/app/index.ts' })).toBe(true);
    expect(doorMayImport({ ...bad, from: 'src-main/api/handlers/runs.ts', to: 'src-main/store/index.ts' })).toBe(false);
  });
});

describe('the layer table (eslint-rules/layer-table.js; docs/architecture.md, "The door and the layers")', () => {
  const placed = Object.keys(MAY_IMPORT);
  const roomOfPattern = (p: string) => p.split('/')[0];

  it('places every folder and top-level file of src-main, and src-shared', () => {
    const entries = fs.readdirSync(path.join(ROOT, 'src-main')).filter((f) => !f.startsWith('.'));
    expect(entries.length).toBeGreaterThan(15);
    expect([...entries, 'src-shared'].filter((f) => !placed.includes(f))).toEqual([]);
    expect([...ROOMS, ...ABOVE].filter((r) => !placed.includes(r))).toEqual([]);
  });

  it('names only places that exist', () => {
    const exists = (p: string) => {
      const rel = p.replace(/\/\*$/, '');
      return fs.existsSync(path.join(ROOT, rel.startsWith('src-shared') ? rel : `src-main/${rel}`));
    };
    expect([...placed, ...Object.values(MAY_IMPORT).flat()].filter((p) => !exists(p))).toEqual([]);
  });

  it('grants no room below app/ anything above it, and the doors only app/', () => {
    const upward = ROOMS.flatMap((r) => MAY_IMPORT[r].filter((p) => ABOVE.includes(roomOfPattern(p))));
    expect(upward).toEqual([]);
    for (const door of layerTable.DOORS) expect(MAY_IMPORT[door]).toEqual(['app', 'app-version.ts']);
  });

  it('every import of src-main and src-shared is one it allows', () => {
    const governedEdges = edges.filter(governed);
    expect(governedEdges.length).toBeGreaterThan(1000);
    expect(governedEdges.filter((e) => !tableAllows(e)).map(describeEdge)).toEqual([]);
  });

  it('is as strict as the code: every grant to a room below app/ is used by an import today', () => {
    const unused = ROOMS.flatMap((r) =>
      MAY_IMPORT[r]
        .filter((p) => !edges.some((e) => room(e.from) === r && matches(placeOf(e.to) ?? '', p)))
        .map((p) => `${r} -> ${p}`),
    );
    expect(unused).toEqual([]);
  });

  it('the check can fail: an import the table does not grant is refused, a granted one allowed', () => {
    expect(mayImport('compare/diff.ts', 'store/index.ts')).toBe(false);
    expect(mayImport('compare/diff.ts', 'store/canonical-json.ts')).toBe(true);
    expect(mayImport('engine/run/x.ts', 'app/index.ts')).toBe(false);
    expect(mayImport('app/runs/x.ts', 'engine/index.ts')).toBe(true);
    expect(mayImport('src-shared/x.ts', 'engine/index.ts')).toBe(false);
    expect(mayImport('newroom/x.ts', 'engine/index.ts')).toBe(false);
  });
});

describe('import circles', () => {
  it('at most the one explained in docs/architecture.md: a llama.cpp model and its sessions', () => {
    expect(importCycles(files, edges)).toEqual([
      ['src-main/providers/llama-cpp/model.ts', 'src-main/providers/llama-cpp/session.ts'],
    ]);
  });

  it('finds a circle when there is one', () => {
    const f = ['a.ts', 'b.ts', 'c.ts'];
    const e = (from: string, to: string) => ({ from, to, typeOnly: false });
    expect(importCycles(f, [e('a.ts', 'b.ts'), e('b.ts', 'c.ts'), e('c.ts', 'a.ts')])).toEqual([f]);
    expect(importCycles(f, [e('a.ts', 'b.ts'), e('b.ts', 'c.ts')])).toEqual([]);
  });
});

describe('rooms with one job each (issue 23)', () => {
  it('engine/ keeps its work in conversation/, model-io/, run/, judge/ and interactive/: a few files at the top', () => {
    const top = fs.readdirSync(path.join(ROOT, 'src-main/engine')).filter((f) => f.endsWith('.ts'));
    expect(top.sort()).toEqual(['errors.ts', 'index.ts', 'limits.ts']);
  });

  it('compare/ holds pure diffs: it reads no store and calls no model', () => {
    const impure = edges.filter(
      (e) => e.from.startsWith('src-main/compare/') && /^src-main\/(store|providers|engine\/model-io)\//.test(e.to),
    );
    expect(impure.filter((e) => !e.typeOnly && !e.to.endsWith('canonical-json.ts')).map(describeEdge)).toEqual([]);
  });
});
