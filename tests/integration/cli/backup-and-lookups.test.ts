/**
 * `parley backup`, `parley speech cache`, `parley agents show/delete` and `parley runs export` as a person sees
 * them (output, --json, exit status, errors), now that they call the method table by name (issue 32).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';

const example = path.resolve(import.meta.dirname, '../../../resources/example/agent.json');
let dir: string;
let db: string;
const parley = (...args: string[]) => parleyInProcess(...args, '--db', db);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-backup-cli-'));
  db = path.join(dir, 'parley.db');
  expect((await parley('import', example)).code).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley backup', () => {
  it('copies the database to FILE, refuses an existing FILE without --force and the database itself', async () => {
    const dest = path.join(dir, 'copy.db');
    const first = await parley('backup', dest, '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ source: db, backup: dest, bytes: fs.statSync(dest).size });
    const again = await parley('backup', dest);
    expect(again).toMatchObject({ code: 2, stdout: '' });
    expect(again.stderr).toBe(`parley: ${dest} exists; pass --force to overwrite it\n`);
    const forced = await parley('backup', dest, '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe(`Backed up ${db} to ${dest} (${fs.statSync(dest).size} bytes)\n`);
    const itself = await parley('backup', db, '--force');
    expect(itself.code).toBe(2);
    expect(itself.stderr).toBe('parley: backup file must differ from the database itself\n');
  });
});

describe('parley speech cache', () => {
  it('prints the cache size; --clear empties it first', async () => {
    const shown = await parley('speech', 'cache', '--json');
    expect(JSON.parse(shown.stdout)).toEqual({ entries: 0, bytes: 0, hits: 0, cleared: false });
    const cleared = await parley('speech', 'cache', '--clear');
    expect(cleared.stdout).toBe('cleared; 0 cached round trip(s), 0 bytes, 0 hit(s)\n');
  });
});

describe('agents and runs that are not there', () => {
  it('agents show and delete exit 1 naming the agent; show --json has the agent, its versions and graph', async () => {
    const show = await parley('agents', 'show', 'Nobody');
    expect(show.code).toBe(1);
    expect(show.stderr).toBe('parley: agent "Nobody" not found (parley agents list shows them)\n');
    const del = await parley('agents', 'delete', 'Nobody');
    expect(del.code).toBe(1);
    expect(del.stderr).toBe('parley: agent "Nobody" not found\n');
    const [agent] = JSON.parse((await parley('agents', 'list', '--json')).stdout) as { id: string; name: string }[];
    const shown = JSON.parse((await parley('agents', 'show', agent.id, '--json')).stdout);
    expect(shown).toMatchObject({ id: agent.id, name: agent.name, versions: [{ version: 1 }] });
    expect(shown.graph.nodes.length).toBeGreaterThan(0);
  });

  it('agents show X --version N shows that version, not the program version; --version alone still prints it', async () => {
    const [agent] = JSON.parse((await parley('agents', 'list', '--json')).stdout) as { id: string }[];
    const v1 = await parley('agents', 'show', agent.id, '--version', '1', '--json');
    expect(v1.code).toBe(0);
    expect(JSON.parse(v1.stdout)).toMatchObject({ id: agent.id, version: 1 });
    const missing = await parley('agents', 'show', agent.id, '--version', '9');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/version/);
    const program = await parleyInProcess('--version');
    expect(program).toMatchObject({ code: 0 });
    expect(program.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('runs export of a run that is not there exits 1 with where runs are listed', async () => {
    const out = await parley('runs', 'export', 'nope');
    expect(out.code).toBe(1);
    expect(out.stderr).toBe('parley: run "nope" not found (parley runs list shows them)\n');
  });
});
