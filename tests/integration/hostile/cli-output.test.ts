import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { clinicGraph } from '../api/run-control-fixtures.js';
import { AGENT, BIN, collect, parley, ROOT, writeSlowSuite } from '../safety/support.js';

const SUITE = path.join(ROOT, 'tests/fixtures/engine/deterministic-suite.json');
const MODEL = path.join(ROOT, 'tests/fixtures/engine/orders-model.json');

/** `parley ARGS | head -n 1`, returning parley's own stderr and exit code (pipefail). */
function pipedIntoHead(args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    const sh = spawn('bash', ['-c', `set -o pipefail; '${process.execPath}' '${BIN}' ${quoted} 2>"$ERR" | head -n 1`], {
      env: { ...process.env, ERR: path.join(path.dirname(args[args.indexOf('--db') + 1]), 'stderr.txt') },
    });
    let stdout = '';
    sh.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    sh.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr: fs.readFileSync(path.join(path.dirname(args[args.indexOf('--db') + 1]), 'stderr.txt'), 'utf8'),
      }),
    );
  });
}

describe('CLI output against hostile sizes and pipes', () => {
  it('piped into head: no EPIPE stack trace, a quiet exit', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const store = openStore(db);
    for (let i = 0; i < 3000; i++) store.agents.create(AgentGraph.parse({ ...clinicGraph(), name: `agent ${i}` }));
    store.close();
    const r = await pipedIntoHead(['agents', 'list', '--json', '--db', db]);
    expect(r.stdout.trim()).toBe('[');
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.code).toBe(0);
    t.cleanup();
  }, 60_000);

  it('agents list does not pad every row to a 200,000-character name; --json keeps the name whole', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const store = openStore(db);
    const long = 'N'.repeat(200_000);
    store.agents.create(AgentGraph.parse({ ...clinicGraph(), name: long }));
    for (let i = 0; i < 20; i++) store.agents.create(AgentGraph.parse({ ...clinicGraph(), name: `agent ${i}` }));
    store.close();
    const r = await collect(parley(['agents', 'list', '--db', db]));
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeLessThan(22 * 200);
    expect(r.stdout).toContain('NNN…');
    const json = await collect(parley(['agents', 'list', '--json', '--db', db]));
    expect(json.stdout).toContain(long);
    t.cleanup();
  }, 60_000);

  it('errors quote huge ids and paths cut short (CLI and API)', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const id = 'x'.repeat(100_000); // near the OS limit for one argument
    const r = await collect(parley(['runs', 'show', id, '--db', db]));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^parley: run "x{100,}…\(100,00\d characters\) not found/);
    expect(r.stderr.length).toBeLessThan(400);
    const file = path.join(t.dir, 'd'.repeat(200), 'e'.repeat(200), 'agent.json');
    const imp = await collect(parley(['import', file, '--db', db]));
    expect(imp.stderr.length + imp.stdout.length).toBeLessThan(800);

    const store = openStore(db);
    const ctx = createApiContext(store, 'web');
    const huge = 'y'.repeat(4 * 1024 * 1024);
    for (const [m, input] of [
      ['runs.get', { id: huge }],
      ['agents.get', { id: huge }],
      [huge, {}],
    ] as const) {
      const res = await dispatch(ctx, m, input);
      expect(res.ok).toBe(false);
      if (!res.ok) {
        expect(res.error.message.length).toBeLessThan(500);
        expect(res.error.message).toContain('characters)');
      }
    }
    await disposeApiContext(ctx);
    store.close();
    t.cleanup();
  }, 60_000);

  it('the REPEAT column is 1-based in runs show, as in run', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const run = await collect(
      parley([
        'run',
        '--agent',
        AGENT,
        '--tests',
        SUITE,
        '--agent-model',
        `scripted:${MODEL}`,
        '--repeat',
        '2',
        '--db',
        db,
      ]),
    );
    const id = /^run (\S+)/m.exec(run.stdout)![1];
    const show = await collect(parley(['runs', 'show', id, '--db', db]));
    const repeatsOf = (text: string) =>
      text
        .split('\n')
        .filter((l) => /^(gold|basic)/.test(l))
        .map((l) => l.split(/\s{2,}/)[1])
        .sort();
    expect(repeatsOf(run.stdout)).toEqual(['1', '1', '2', '2']);
    expect(repeatsOf(show.stdout)).toEqual(repeatsOf(run.stdout));
    t.cleanup();
  }, 60_000);

  it('no MaxListenersExceededWarning with many conversations at once', async () => {
    const t = tempDir();
    const { suite, model } = writeSlowSuite(t.dir, 40, 5);
    const r = await collect(
      parley([
        'run',
        '--agent',
        AGENT,
        '--tests',
        suite,
        '--agent-model',
        `scripted:${model}`,
        '--concurrency',
        '32',
        '--db',
        tempDbPath(t.dir),
      ]),
    );
    expect(r.stderr).toMatch(/\[40\/40\]/);
    expect(r.stderr).not.toMatch(/MaxListenersExceededWarning/);
    t.cleanup();
  }, 120_000);
});
