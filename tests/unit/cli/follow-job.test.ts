import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRegistry } from '../../../src-main/app/jobs/registry.js';
import { followJob } from '../../../src-main/cli/job-progress.js';
import { openStore } from '../../../src-main/store/index.js';
import { tempDir } from '../../support/tmp.js';

const t = tempDir('parley-follow-job-');
afterEach(() => vi.restoreAllMocks());

describe('followJob', () => {
  it('catches Ctrl-C while the job is still starting (a model loading) and cancels the job once it exists', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const store = openStore(path.join(t.dir, 'p.db'));
    const jobs = new JobRegistry(store);
    let load!: () => void;
    const loaded = new Promise<void>((r) => (load = r));
    const starting = jobs.startWhenReady(
      { kind: 'readiness', title: 'Readiness check of scripted:x', unit: 'tasks', total: 3 },
      async (ctl) => {
        await loaded; // the model loads: no job yet
        ctl.progress(0, 3);
        await new Promise<void>((resolve) => ctl.onCancel(() => resolve()));
        return ctl.signal.aborted ? 'cancelled' : 'finished';
      },
    );
    const followed = followJob(starting, { quiet: true });
    // Ctrl-C before the job exists: caught by followJob's handler (without one, Node would end the process)
    expect(process.listenerCount('SIGINT')).toBeGreaterThan(0);
    process.emit('SIGINT');
    load();
    await expect(followed).resolves.toBe('cancelled');
    expect(process.listenerCount('SIGINT')).toBe(0);
    store.close();
    t.cleanup();
  });
});
