import type { Run } from '../../../../src-shared/schemas/run.js';

/**
 * The run page's decisions, pure (unit-tested): which actions a run offers, and which of the folded
 * parts below the tests (tabs) is open. The page reads them through use-run-view.ts.
 */

/** The parts below the summary and the tests, in the order the page shows them. */
export const RUN_TABS = [
  { id: 'problems', label: 'Problems' },
  { id: 'latency', label: 'Latency' },
  { id: 'trust', label: 'Trust' },
  { id: 'review', label: 'Review' },
] as const;
export type RunTab = (typeof RUN_TABS)[number]['id'];

/** The open tab: the one in the address, else Problems when something failed, else Latency. */
export function openRunTab(inAddress: string | null, run: Pick<Run, 'summary'>): RunTab {
  const known = RUN_TABS.find((t) => t.id === inAddress);
  if (known) return known.id;
  return run.summary.failed + run.summary.errored > 0 ? 'problems' : 'latency';
}

export interface RunFlags {
  /** Running or queued (here or elsewhere). */
  active: boolean;
  /** Running in another process (the command line on the same database): no events here. */
  elsewhere: boolean;
  /** Stopped before it finished: Resume runs what is missing. */
  resumable: boolean;
  /** "Run again" / "Run on another model": a simulated run whose suite is stored or was kept with it. */
  canRunAgain: boolean;
}

export function runFlags(
  run: Pick<Run, 'status' | 'kind' | 'suite_id'>,
  o: { status: string; liveHere: boolean | undefined; finishedHere: boolean; hasSuiteCopy: boolean },
): RunFlags {
  const active = o.status === 'running' || o.status === 'queued';
  const stopped = run.status === 'interrupted' || run.status === 'cancelled' || run.status === 'failed';
  return {
    active,
    elsewhere: active && o.liveHere === false && !o.finishedHere,
    resumable: !active && stopped && run.kind === 'simulated',
    canRunAgain: !active && run.kind === 'simulated' && (!!run.suite_id || o.hasSuiteCopy),
  };
}
