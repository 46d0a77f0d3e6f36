/**
 * Issue 28, item 11: every file is size-checked (fstat) before it is read whole, and calls and
 * personas honour the 10 MB import limit like agents and suites (a 50 MB persona was stored as
 * 100 MB; a 2.5 GB sparse file reached 4.35 GB RSS). Real CLI processes on sparse files (no disk
 * used), and the API through dispatch.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { MAX_IMPORT_BYTES } from '../../../src-shared/limits.js';
import { smallGraph } from '../../support/graphs.js';
import { useApiContext } from '../../support/api-context.js';
import { tempDir } from '../../support/tmp.js';
import { collect, parley } from '../safety/support.js';

let t: ReturnType<typeof tempDir>;
let db: string;
/** A sparse file of `bytes` (reads as zeros, takes no disk). */
function sparse(name: string, bytes: number): string {
  const file = path.join(t.dir, name);
  const fd = fs.openSync(file, 'w');
  fs.ftruncateSync(fd, bytes);
  fs.closeSync(fd);
  return file;
}
const GB = 1024 * 1024 * 1024;

beforeAll(() => {
  t = tempDir('parley-file-sizes-');
  db = path.join(t.dir, 'p.db');
});
afterAll(() => t.cleanup());

describe('files named on the command line are checked with fstat before they are read', () => {
  const cases: [string, (big: string) => string[], RegExp][] = [
    ['parley import', (f) => ['import', f], /cannot read the file: it is 2\.5 GB, larger than the 10 MB limit/],
    ['parley validate', (f) => ['validate', f], /cannot read the file: it is 2\.5 GB, larger than the 10 MB limit/],
    ['parley personas import', (f) => ['personas', 'import', f], /is 2\.5 GB, larger than the 10 MB limit/],
    ['parley import-calls', (f) => ['import-calls', 'agent.json', f], /2\.5 GB, larger than the 10 MB limit/],
    [
      'parley labels import',
      (f) => ['labels', 'import', f],
      /cannot read it \(is 2\.5 GB, larger than the 10 MB limit\)/,
    ],
    [
      'parley run --agent',
      (f) => ['run', '--agent', f, '--tests', f, '--agent-model', 'scripted:x.json'],
      /--(agent|tests): the file ".*" is 2\.5 GB, larger than the 10 MB limit/,
    ],
  ];
  it.each(cases)(
    '%s: a 2.5 GB sparse file is refused without reading it',
    async (_what, args, message) => {
      const big = sparse(`big-${Math.random().toString(36).slice(2)}.md`, 2.5 * GB);
      const out = await collect(parley([...args(big), ...(args(big)[0] === 'validate' ? [] : ['--db', db])]));
      expect(out.code).not.toBe(0);
      expect(out.stdout + out.stderr).toMatch(message);
    },
    120_000,
  );

  it('a 50 MB persona file is refused; /dev/zero as an agent file is refused as not a regular file', async () => {
    const persona = sparse('persona.md', 50 * 1024 * 1024);
    const p = await collect(parley(['personas', 'import', persona, '--db', db]));
    expect(p.stderr).toMatch(/is 50 MB, larger than the 10 MB limit/);
    const zero = await collect(parley(['import', '/dev/zero', '--db', db]));
    expect(zero.code).not.toBe(0);
    expect(zero.stdout + zero.stderr).toMatch(/cannot read the file: it is not a regular file/);
  }, 120_000);
});

describe('the API holds personas and calls to the same limit', () => {
  const api = useApiContext();
  const over = 'x'.repeat(MAX_IMPORT_BYTES + 1024);

  it('personas.importMarkdown, personas.save and calls.import refuse a text over 10 MB, naming the field', async () => {
    const md = await dispatch(api.ctx, 'personas.importMarkdown', { name: 'big', markdown: `## Goal\n${over}` });
    expect(!md.ok && md.error).toMatchObject({ path: 'markdown' });
    expect(!md.ok && md.error.message).toMatch(/the text is 10\.0 MB, larger than the 10 MB import limit/);
    const saved = await dispatch(api.ctx, 'personas.save', { persona: { name: 'big', goal: over } });
    expect(!saved.ok && saved.error.message).toMatch(/the persona is 10\.0 MB, larger than the 10 MB import limit/);
    const agent = api.store.agents.create(smallGraph()).agent.id;
    const calls = await dispatch(api.ctx, 'calls.import', { agent_id: agent, files: [{ name: 'c.json', text: over }] });
    expect(!calls.ok && calls.error).toMatchObject({ path: 'files[0].text' });
    expect(api.store.personas.list()).toEqual([]);
    expect(api.store.runs.list()).toEqual([]);
  });
});
