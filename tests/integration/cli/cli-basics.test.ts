import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { smallGraph } from '../../support/graphs.js';
import { fakeResult } from '../../support/results.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const BIN = path.resolve(import.meta.dirname, '../../../bin/parley.mjs');
const run = async (...args: string[]) => {
  try {
    const r = await promisify(execFile)(process.execPath, [BIN, ...args], { env: { ...process.env, PARLEY_DB: '' } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
};

describe('parley CLI foundation', () => {
  const t = tempDir();
  const db = tempDbPath(t.dir);
  let runIds: string[] = [];
  beforeAll(() => {
    const store = openStore(db);
    const { agent, version } = store.agents.create(smallGraph(), { name: 'Clinic' });
    runIds = [0, 1].map((i) => {
      const r = store.runs.create({
        kind: 'simulated',
        agent_id: agent.id,
        agent_version_id: version.id,
        agent_name: 'Clinic',
        suite_id: null,
        suite_name: 'smoke',
        models: {},
        options: { concurrency: 1 },
      });
      store.results.insert(fakeResult(r.id, 0, i ? 'fail' : 'pass'));
      store.runs.refreshSummary(r.id);
      store.runs.setStatus(r.id, 'completed');
      return r.id;
    });
    store.close();
  });
  afterAll(() => t.cleanup());

  it('prints help and version', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    for (const c of ['import', 'export', 'run', 'serve', 'agents', 'runs', 'models', 'diff'])
      expect(help.stdout).toContain(c);
    const v = await run('--version');
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('gives a one-line error plus usage and exit 2 for unknown commands and bad flags', async () => {
    const u = await run('frobnicate');
    expect(u.code).toBe(2);
    expect(u.stderr.trim().split('\n')).toHaveLength(2);
    expect(u.stderr).toMatch(/unknown command 'frobnicate'/);
    expect(u.stderr).toMatch(/^Usage: parley/m);
    const f = await run('agents', 'list', '--nope', '--db', db);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/unknown option '--nope'/);
  });

  it('agents list/show --json', async () => {
    const list = JSON.parse((await run('agents', 'list', '--json', '--db', db)).stdout);
    expect(list.map((a: { name: string }) => a.name)).toEqual(['Clinic']);
    const show = JSON.parse((await run('agents', 'show', 'Clinic', '--json', '--db', db)).stdout);
    expect(show.graph.entry_node_id).toBe('greeting');
    const missing = await run('agents', 'show', 'Nobody', '--db', db);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('agent "Nobody" not found');
  });

  it('runs list is newest first with id and status; runs show has results in the run --json shape', async () => {
    const list = JSON.parse((await run('runs', 'list', '--json', '--db', db)).stdout);
    expect(list.map((r: { id: string }) => r.id)).toEqual([...runIds].reverse());
    expect(list[0].status).toBe('completed');
    const show = JSON.parse((await run('runs', 'show', runIds[1], '--json', '--db', db)).stdout);
    expect(show).toMatchObject({ run_id: runIds[1], status: 'completed', passed: 0, failed: 1, errored: 0 });
    expect(show.results[0]).toMatchObject({ test: 'test 0', status: 'fail', nodes_visited: ['greeting'], turns: 2 });
    expect(show.results[0].transcript[0]).toEqual({ role: 'agent', content: 'Hello', node: 'greeting' });
  });

  it('names the file when the DB is not a database', async () => {
    const fs = await import('node:fs');
    const bogus = path.join(t.dir, 'notes.txt');
    fs.writeFileSync(bogus, 'hello');
    const r = await run('agents', 'list', '--db', bogus);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bogus}: not a Parley database`);
    expect(fs.readFileSync(bogus, 'utf8')).toBe('hello');
  });
});
