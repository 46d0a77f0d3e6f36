import { useEffect } from 'react';
import { RoutingOutcome } from '../../../../src-shared/contract/analysis.js';
import { useJob, type JobView } from '../../../ui/jobs/use-job.js';
import { useRoutingOverlay, type RunningCheck } from './routing-overlay.js';

const CANCELLED = 'Cancelled: nothing was stored.';

/** The running check of this agent, if any (kept in the routing overlay store, not in a tab). */
const useRunning = (agentId: string): RunningCheck | null => useRoutingOverlay((s) => s.running[agentId] ?? null);

/** The running routing check of this agent as a job (live progress and Cancel), for the Checks tab. */
export function useRunningRoutingCheck(agentId: string): JobView<RoutingOutcome> {
  const running = useRunning(agentId);
  const view = useJob(running?.jobId ?? null, { result: RoutingOutcome });
  // running until its outcome is in the store (useRoutingCheckOutcome), whatever this tab heard first
  return { ...view, running: !!running };
}

/**
 * Mounted once per editor (EditorWorkspace): follows this agent's running routing check whichever
 * tab is open and puts its outcome in the overlay store when it ends: the result and the canvas's
 * badges (drawn for the graph the check started on), or why there is none.
 */
export function useRoutingCheckOutcome(agentId: string): void {
  const running = useRunning(agentId);
  const check = useJob(running?.jobId ?? null, { result: RoutingOutcome, invalidates: ['analysis.routingHistory'] });
  const { job, result } = check;
  useEffect(() => {
    // the hook may still hold the last job until the new one answers
    if (!running || job?.id !== running.jobId || job.status === 'running') return;
    const overlay = useRoutingOverlay.getState();
    if (job.status === 'done') {
      if (result) {
        if (result.cancelled) overlay.ended(agentId, CANCELLED);
        else overlay.show(agentId, result, running.signature);
      } else if (job.result !== undefined) overlay.ended(agentId, 'the routing check answered something unreadable');
      // else: the end was heard before its outcome (jobs.get brings it)
    } else if (job.status === 'failed') overlay.ended(agentId, job.error?.message ?? 'the routing check failed');
    else if (job.status === 'cancelled') overlay.ended(agentId, CANCELLED);
    else overlay.ended(agentId, 'The routing check stopped before it ended (Parley was closed): nothing was stored.');
  }, [running, job, result, agentId]);
}
