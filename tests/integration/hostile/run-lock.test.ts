import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { AGENT, collect, exitOf, parley, waitFor, writeSlowSuite } from '../safety/support.js';

const TESTS = 12;

/** Starts a slow CLI run and waits until `n` conversations are stored. */
async function startSlowRun(dir: string, db: string, n = 2) {
  const { suite, model } = writeSlowSuite(dir, TESTS, 15);
  const child = parley([
    'run',
    '--agent',
    AGENT,
    '--tests',
    suite,
    '--agent-model',
    `scripted:${model}`,
    '--concurrency',
    '1',
    '--db',
    db,
  ]);
  await waitFor(child.stderr!, /^(PASS|FAIL|ERROR) /m, n);
  return child;
}

describe('orphaned runs are found by a lock that dies with the process, not by PID', () => {
  it('kill -9, then the PID reused by a live process: the run is still marked interrupted and resumes', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const child = await startSlowRun(t.dir, db);
    child.kill('SIGKILL');
    await exitOf(child);
    // another live process now has "the run's" PID
    const squatter = spawn('sleep', ['30']);
    try {
      // as if the OS had given the dead run's PID to `sleep`: before run locks this kept it running forever
      // (written with a bare connection: opening a Store would already mark the run interrupted)
      const raw = new Database(db);
      const id = (raw.prepare('SELECT id FROM runs').get() as { id: string }).id;
      expect(raw.prepare('SELECT status FROM runs').get()).toEqual({ status: 'running' });
      raw.prepare('UPDATE runs SET owner_pid = ? WHERE id = ?').run(squatter.pid, id);
      raw.close();

      const store = openStore(db);
      expect(store.runs.get(id)!.status).toBe('interrupted');
      store.close();
      const resumed = await collect(parley(['run', '--resume', id, '--db', db, '--json']));
      expect(resumed.code, resumed.stderr).toBeLessThanOrEqual(1);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ run_id: id, status: 'completed' });
    } finally {
      squatter.kill('SIGKILL');
      t.cleanup();
    }
  }, 120_000);

  it('a hung process still holds its run: --resume refuses and names --force; --force takes over and completes it once', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const child = await startSlowRun(t.dir, db);
    child.kill('SIGSTOP'); // hung, but alive: it holds its run lock
    try {
      const store = openStore(db);
      const run = store.runs.list()[0];
      expect(run.status).toBe('running'); // its lock is held: not an orphan
      store.close();

      const refused = await collect(parley(['run', '--resume', run.id, '--db', db]));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`run ${run.id} is still running in another process (PID ${child.pid}`);
      expect(refused.stderr).toContain('--force');
      expect(refused.stderr).not.toMatch(/\n\s+at /);

      const forced = await collect(parley(['run', '--resume', run.id, '--force', '--db', db, '--json']));
      expect(forced.stderr).toContain('--force: took run');
      const report = JSON.parse(forced.stdout);
      expect(report).toMatchObject({ run_id: run.id, status: 'completed' });
      expect(report.results).toHaveLength(TESTS);
    } finally {
      child.kill('SIGKILL');
      await exitOf(child);
    }
    const after = openStore(db);
    const results = after.results.listByRun(after.runs.list()[0].id);
    expect(new Set(results.map((r) => `${r.test_index}:${r.repeat}`)).size).toBe(TESTS);
    expect(after.db.pragma('integrity_check', { simple: true })).toBe('ok');
    after.close();
    t.cleanup();
  }, 120_000);

  it('--force without --resume is a usage error', async () => {
    const t = tempDir();
    const r = await collect(
      parley([
        'run',
        '--agent',
        AGENT,
        '--tests',
        'x.json',
        '--agent-model',
        'scripted:x',
        '--force',
        '--db',
        tempDbPath(t.dir),
      ]),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--force: only applies with --resume RUN');
    t.cleanup();
  });

  it('the API: runs.resume of a run a live process holds is a conflict naming force; force: true takes it over', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const child = await startSlowRun(t.dir, db);
    child.kill('SIGSTOP');
    const store = openStore(db);
    const ctx = createApiContext(store, 'web');
    try {
      const id = store.runs.list()[0].id;
      const refused = await dispatch(ctx, 'runs.resume', { id });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('conflict');
        expect(refused.error.message).toMatch(/holds the run's lock.*resume with force/);
      }
      // the holder dies: the same long-lived server notices without a restart
      child.kill('SIGKILL');
      await exitOf(child);
      const resumed = await dispatch(ctx, 'runs.resume', { id });
      expect(resumed.ok).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await disposeApiContext(ctx);
      store.close();
      t.cleanup();
    }
  }, 120_000);
});
