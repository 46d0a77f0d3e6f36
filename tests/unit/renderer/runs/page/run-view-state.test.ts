import { describe, expect, it } from 'vitest';
import { openRunTab, runFlags, RUN_TABS } from '../../../../../src-renderer/features/runs/page/run-view-state.js';
import { mkRun } from '../../../compare/build.js';

describe('run page decisions', () => {
  it('orders the parts after the tests: problems, latency, trust, review', () => {
    expect(RUN_TABS.map((t) => t.id)).toEqual(['problems', 'latency', 'trust', 'review']);
  });

  it('opens the tab in the address, else Problems when something failed, else Latency', () => {
    const failed = mkRun({ id: 'r', summary: { total: 2, passed: 1, failed: 1, errored: 0 } });
    const passed = mkRun({ id: 'r', summary: { total: 2, passed: 2, failed: 0, errored: 0 } });
    expect(openRunTab('review', failed)).toBe('review');
    expect(openRunTab(null, failed)).toBe('problems');
    expect(openRunTab('nonsense', passed)).toBe('latency');
  });

  it('offers Run again for a finished simulated run with a stored suite or a suite copy kept with it', () => {
    const fromFile = mkRun({ id: 'r', suite_id: null, status: 'completed' });
    const finished = { status: 'completed', liveHere: false, finishedHere: false };
    expect(runFlags(fromFile, { ...finished, hasSuiteCopy: true }).canRunAgain).toBe(true);
    expect(runFlags(fromFile, { ...finished, hasSuiteCopy: false }).canRunAgain).toBe(false);
    const stored = mkRun({ id: 'r', suite_id: 'st_1', status: 'completed' });
    expect(runFlags(stored, { ...finished, hasSuiteCopy: false }).canRunAgain).toBe(true);
    const imported = mkRun({ id: 'r', kind: 'imported', suite_id: null, status: 'completed' });
    expect(runFlags(imported, { ...finished, hasSuiteCopy: true }).canRunAgain).toBe(false);
  });

  it('a run going on elsewhere can be taken over; a stopped one resumed; a running one offers neither', () => {
    const running = mkRun({ id: 'r', status: 'running' });
    expect(
      runFlags(running, { status: 'running', liveHere: false, finishedHere: false, hasSuiteCopy: true }),
    ).toMatchObject({ active: true, elsewhere: true, canRunAgain: false, resumable: false });
    const stopped = mkRun({ id: 'r', status: 'interrupted' });
    expect(
      runFlags(stopped, { status: 'interrupted', liveHere: false, finishedHere: false, hasSuiteCopy: true }),
    ).toMatchObject({ active: false, elsewhere: false, resumable: true });
  });
});
