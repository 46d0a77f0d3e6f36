/**
 * The CLI's one progress printer (src-main/cli/job-progress.ts), piped: a job's steps as plain lines, at
 * most one a second, and a step that arrived inside the gap printed once the gap has passed (a job that then
 * stays on that step shows it, not the older one).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobProgress } from '../../../src-main/cli/job-progress.js';
import type { JobInfo } from '../../../src-shared/contract/jobs.js';

let lines: string[];

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function piped(): JobProgress {
  Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
  const bar = new JobProgress('run');
  bar.update({ status: 'running', progress: { done: 0, total: 4, unit: 'conversations', eta_ms: null } } as JobInfo);
  lines.length = 0;
  return bar;
}

describe('JobProgress steps, piped', () => {
  it('prints the latest step dropped inside the gap once the gap has passed, never twice a second', () => {
    const bar = piped();
    bar.step('conversation 1 of 4: 1 turn so far');
    vi.advanceTimersByTime(300);
    bar.step('conversation 1 of 4: 2 turns so far');
    vi.advanceTimersByTime(300);
    bar.step('conversation 1 of 4: 3 turns so far');
    expect(lines).toEqual(['run: 0/4 conversations · conversation 1 of 4: 1 turn so far']);
    // the gap of the first line ends at 1 s: the latest step then, not the one between
    vi.advanceTimersByTime(399);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(lines).toEqual([
      'run: 0/4 conversations · conversation 1 of 4: 1 turn so far',
      'run: 0/4 conversations · conversation 1 of 4: 3 turns so far',
    ]);
    // nothing new: nothing printed again; a new step inside the next gap waits for it
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(2);
    bar.step('conversation 1 of 4: 4 turns so far');
    expect(lines).toHaveLength(3);
    vi.advanceTimersByTime(200);
    bar.step('conversation 1 of 4: 5 turns so far');
    vi.advanceTimersByTime(799);
    expect(lines).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(lines.at(-1)).toBe('run: 0/4 conversations · conversation 1 of 4: 5 turns so far');
    bar.end();
  });

  it('drops a waiting step when the step is over or the job ends', () => {
    const bar = piped();
    bar.step('conversation 1 of 4: 1 turn so far');
    bar.step('conversation 1 of 4: 2 turns so far');
    bar.step(''); // the conversation ended: its turns are no longer news
    vi.advanceTimersByTime(2000);
    expect(lines).toEqual(['run: 0/4 conversations · conversation 1 of 4: 1 turn so far']);
    vi.advanceTimersByTime(1000);
    bar.step('conversation 2 of 4: 1 turn so far');
    bar.step('conversation 2 of 4: 2 turns so far');
    bar.end();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(lines).toEqual([
      'run: 0/4 conversations · conversation 1 of 4: 1 turn so far',
      'run: 0/4 conversations · conversation 2 of 4: 1 turn so far',
    ]);
  });
});
