/**
 * Issue 32: `parley diagnose`, `parley fix` and `parley labels import` follow their job with the one
 * progress printer (src-main/cli/job-progress.ts): its counts on stderr, and Ctrl-C cancels the job (stored
 * `cancelled`, what finished kept) instead of killing the process and leaving the job to be found
 * `interrupted`. Real processes (a signal is the process boundary), the scripted model slowed down so
 * the signal lands mid-job.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { REFUND, seedShopRun, shopScript } from '../../support/fix-fixture.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, parley, waitFor } from '../safety/support.js';

async function withDb<T>(fn: (db: string, dir: string) => Promise<T>): Promise<T> {
  const t = tempDir();
  try {
    return await fn(tempDbPath(t.dir), t.dir);
  } finally {
    t.cleanup();
  }
}

/** The run is seeded quickly; then every call of its (judge) model waits `ms`. */
async function slowShopRun(db: string, dir: string, ms: number) {
  const seeded = await seedShopRun(db, dir, 'good', {}, { delay_ms: 1 });
  fs.writeFileSync(seeded.model, JSON.stringify(shopScript('good', { delay_ms: ms })));
  return seeded;
}

function storedJobs(db: string, kind: 'diagnose' | 'fix') {
  const store = openStore(db, { readonly: true });
  try {
    return store.jobs.list(10, kind).map((j) => j.status);
  } finally {
    store.close();
  }
}

describe('Ctrl-C cancels the job of a long command', () => {
  it(
    'parley diagnose: progress counted on stderr; SIGINT mid-job stores the job cancelled',
    () =>
      withDb(async (db, dir) => {
        const { runId } = await slowShopRun(db, dir, 1500);
        const child = parley(['diagnose', runId, '--db', db]);
        const out = collect(child);
        await waitFor(child.stderr!, /diagnose: 0\/\d+ diagnoses/);
        // a person presses Ctrl-C while the judge is thinking (1.5 s a call), not in the microseconds the
        // progress line takes to reach the pipe
        await new Promise((r) => setTimeout(r, 300));
        child.kill('SIGINT');
        const { stderr } = await out;
        expect(stderr).toContain('cancelling');
        expect(stderr).toContain('call cancelled');
        expect(storedJobs(db, 'diagnose')).toEqual(['cancelled']);
      }),
    120_000,
  );

  it(
    'parley fix: SIGINT during the re-run cancels the fix job and its re-run; the fix stays open',
    () =>
      withDb(async (db, dir) => {
        const { runId } = await slowShopRun(db, dir, 150);
        const child = parley(['fix', runId, '--test', REFUND, '--max-iterations', '1', '--db', db]);
        const out = collect(child);
        await waitFor(child.stderr!, /running the failing tests on the new version/);
        child.kill('SIGINT');
        const { stderr } = await out;
        expect(stderr).toContain('cancelling (finished steps are kept: parley fix --resume continues)');
        expect(storedJobs(db, 'fix')).toEqual(['cancelled']);
        const store = openStore(db, { readonly: true });
        try {
          const [fix] = store.fixes.list();
          expect(fix.status).toBe('open');
          expect(fix.stop).toMatchObject({ reason: 'cancelled', reached: false });
          const rerun = fix.iterations[0]?.target_run_id;
          expect(rerun && store.runs.get(rerun)?.status).toBe('cancelled');
        } finally {
          store.close();
        }
      }),
    120_000,
  );

  it(
    'parley labels import: the job counted on stderr, nothing there with --json',
    () =>
      withDb(async (db, dir) => {
        const { runId } = await seedShopRun(db, dir, 'good');
        const file = `${dir}/labels.json`;
        const exported = await parleyInProcess('labels', 'export', runId, '--out', file, '--db', db);
        expect(exported.code).toBe(0);
        const text = await parleyInProcess('labels', 'import', file, '--db', db);
        expect(text.code).toBe(0);
        expect(text.stderr).toContain(`Import labels from ${file}: 1/1 files`);
        const json = await parleyInProcess('labels', 'import', file, '--json', '--db', db);
        expect(json.stderr).toBe('');
        expect(JSON.parse(json.stdout)).toMatchObject({ added: 0 });
      }),
    120_000,
  );
});
