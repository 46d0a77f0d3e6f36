/**
 * The job registry's progress events (src-main/app/jobs/registry.ts): at most one per job every 200 ms,
 * and a change that came inside the gap is sent once the gap has passed, so a page that follows a job
 * (the fix review reads its fix again on them) hears of the job's latest step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRegistry } from '../../../../src-main/app/jobs/registry.js';
import type { JobControl } from '../../../../src-main/app/jobs/job.js';
import type { Store } from '../../../../src-main/store/index.js';
import type { JobInfo } from '../../../../src-shared/contract/jobs.js';

const store = { jobs: { insert: () => undefined, finish: () => undefined } } as unknown as Store;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('job progress events', () => {
  it('sends a change that came inside the gap once the gap has passed, never more than once per gap', async () => {
    const jobs = new JobRegistry(store);
    const heard: JobInfo[] = [];
    jobs.subscribe((i) => heard.push(i));
    let ctl!: JobControl;
    let finish!: () => void;
    const job = jobs.start({ kind: 'fix', title: 'fix', unit: 'steps', total: 5 }, (c) => {
      ctl = c;
      return new Promise<void>((r) => (finish = r));
    });
    const said = () =>
      heard.map((i) => `${i.status} ${i.progress.done}${i.progress.note ? ` ${i.progress.note}` : ''}`);
    expect(said()).toEqual(['running 0']);
    vi.advanceTimersByTime(300);
    ctl.tick();
    vi.advanceTimersByTime(50);
    ctl.tick();
    ctl.note('running the rest of the suite');
    expect(said()).toEqual(['running 0', 'running 1']);
    vi.advanceTimersByTime(149);
    expect(heard).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(said()).toEqual(['running 0', 'running 1', 'running 2 running the rest of the suite']);
    // nothing new: nothing sent again
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveLength(3);
    // a change waiting when the job ends: the end says it, and nothing comes after
    ctl.tick();
    ctl.tick();
    finish();
    await job.done;
    vi.advanceTimersByTime(1000);
    expect(said().slice(3)).toEqual([
      'running 3 running the rest of the suite',
      'done 4 running the rest of the suite',
    ]);
  });
});
