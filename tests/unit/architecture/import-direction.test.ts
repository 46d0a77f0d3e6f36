/**
 * The import direction of docs/architecture.md, read from the import graph TypeScript's parser builds
 * (static, dynamic, type-only and re-exports alike), not from names or regexes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type ImportEdge } from '../../support/import-graph.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { files, edges } = importGraph(ROOT, ['src-main', 'src-shared', 'src-renderer', 'src-preload']);

/** The rooms below the application layer: the doors reach them only through src-main/app/ (eslint.config.js's list). */
const eslintConfig = '../../../eslint.config.js';
const { ROOMS_BEHIND_THE_DOOR: ROOMS } = (await import(eslintConfig)) as { ROOMS_BEHIND_THE_DOOR: string[] };
/** The layers above the rooms: the application, its two doors and what carries them. */
const ABOVE = ['app', 'cli', 'api', 'server', 'electron'];
const room = (f: string) => /^src-main\/([^/]+)\//.exec(f)?.[1];
const isDoor = (f: string) => f.startsWith('src-main/cli/') || f.startsWith('src-main/api/');

/** What a door file may import: the application layer, the shared contract and helpers, its own folder. */
function doorMayImport(e: ImportEdge): boolean {
  if (e.to.startsWith('src-shared/') || e.to.startsWith('src-main/app/')) return true;
  if (e.from.startsWith('src-main/cli/')) {
    if (e.to.startsWith('src-main/cli/') || e.to === 'src-main/app-version.ts') return true;
    // `parley serve` starts web mode: the API's wiring and the web server
    return e.from === 'src-main/cli/commands/serve.ts' && /^src-main\/(api|server)\/[^/]+\.ts$/.test(e.to);
  }
  // the API (dispatch, store-change pushes) uses its own folder
  return /^src-main\/api\/[^/]+\.ts$/.test(e.to) || e.to === 'src-main/app-version.ts';
}

const describeEdge = (e: ImportEdge) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`;

describe('import direction (docs/architecture.md, "The door")', () => {
  it('every folder of src-main is a room or above them (a new folder is placed in eslint.config.js or here)', () => {
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

  it('cli/ and api/ import only app/, src-shared/ and their own files', () => {
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
    expect(doorMayImport({ ...bad, from: 'src-main/api/dispatch.ts', to: 'src-main/store/index.ts' })).toBe(false);
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
