/**
 * Issue 32: `parley models check` is a readiness job like the app's (stored, one at a time on a database
 * file), so it cannot run beside another readiness check, here or in another process, and Ctrl-C cancels
 * the job (the tasks that finished are stored, marked cancelled). Real processes on one SQLite file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { tempDir } from '../../support/tmp.js';
import { collect, parley, waitFor } from '../safety/support.js';

let t: ReturnType<typeof tempDir>;
let db: string;
let fast: string;
let slow: string;

beforeAll(() => {
  t = tempDir('parley-models-check-job-');
  db = path.join(t.dir, 'p.db');
  fast = path.join(t.dir, 'always-pass.json');
  fs.writeFileSync(fast, JSON.stringify({ name: 'always-pass', defaults: { score: 1 } }));
  slow = path.join(t.dir, 'slow-pass.json');
  fs.writeFileSync(slow, JSON.stringify({ name: 'slow-pass', defaults: { score: 1, delay_ms: 400 } }));
});
afterAll(() => t.cleanup());

const readinessJobs = () => {
  const store = openStore(db, { readonly: true });
  try {
    return store.jobs.list(10, 'readiness').map((j) => j.status);
  } finally {
    store.close();
  }
};

describe('parley models check is a readiness job', () => {
  it('is recorded as a job, done', async () => {
    const r = await parleyInProcess('models', 'check', `scripted:${fast}`, '--role', 'judge', '--db', db);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('[20/20] tasks');
    expect(readinessJobs()).toEqual(['done']);
  });

  it('refuses to start beside a check running in another process; Ctrl-C there cancels it', async () => {
    const child = parley(['models', 'check', `scripted:${slow}`, '--role', 'judge', '--concurrency', '1', '--db', db]);
    const out = collect(child);
    await waitFor(child.stderr!, /\[0\/20\] tasks/);
    const beside = await parleyInProcess('models', 'check', `scripted:${fast}`, '--role', 'judge', '--db', db);
    expect(beside.code).toBe(2);
    expect(beside.stderr).toContain('a readiness check is already running');
    expect(readinessJobs()).toEqual(['running', 'done']);
    child.kill('SIGINT');
    const { code, stderr } = await out;
    expect(stderr).toContain('cancelling (the tasks that finished are stored, marked cancelled)');
    expect(code).toBe(130);
    expect(readinessJobs()).toEqual(['cancelled', 'done']);
  }, 120_000);
});
