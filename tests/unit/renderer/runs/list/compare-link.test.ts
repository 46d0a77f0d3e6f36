import { describe, expect, it } from 'vitest';
import { compareAsB } from '../../../../../src-renderer/features/runs/list/compare-link.js';
import { mkRun } from '../../../compare/build.js';

describe('compareAsB', () => {
  const run = mkRun({ id: 'r3', suite_id: 's', created_at: '2026-01-03T00:00:00Z' });
  it('makes the run B against the latest earlier run of the same suite and agent', () => {
    const list = [
      mkRun({ id: 'r4', suite_id: 's', created_at: '2026-01-04T00:00:00Z' }),
      run,
      mkRun({ id: 'r2', suite_id: 's', agent_id: 'other', created_at: '2026-01-02T12:00:00Z' }),
      mkRun({ id: 'r1', suite_id: 's', created_at: '2026-01-02T00:00:00Z' }),
      mkRun({ id: 'r0', suite_id: 'x', created_at: '2026-01-02T23:00:00Z' }),
    ];
    expect(compareAsB(run, list)).toBe('/compare?runs=r1,r3');
    expect(compareAsB(run, list.slice(0, 3))).toBe('/compare?runs=r2,r3');
  });
  it('a run started from another one compares against it, whatever ran in between', () => {
    const started = mkRun({ id: 'r5', suite_id: 's', source_run_id: 'r1', created_at: '2026-01-05T00:00:00Z' });
    const gaps = mkRun({ id: 'r4', suite_id: 's', created_at: '2026-01-04T00:00:00Z' });
    expect(compareAsB(started, [started, gaps, run])).toBe('/compare?runs=r1,r5');
  });
  it('with no earlier run, opens the page with the run as B and A to choose', () => {
    expect(compareAsB(run, [run])).toBe('/compare?b=r3');
  });
});
