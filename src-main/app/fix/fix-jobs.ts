/**
 * Every piece of fix work runs as one job (app/jobs): the fix is marked running with the job's id,
 * its steps tick the job's progress, and when the work ends (done, failed, cancelled) the fix is
 * saved with its status, its error and, for an auto-fix, why it stopped.
 */
import type { FixIteration, FixSession, FixStatus, FixStop } from '../../../src-shared/schemas/index.js';
import type { JobKind } from '../../../src-shared/contract/jobs.js';
import type { Store } from '../../store/index.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { Job } from '../jobs/job.js';
import type { ModelService } from '../models/models.js';
import type { Reruns } from './reruns.js';
import { FixRecord } from './session.js';
import { FixSteps, type FixStepName } from './steps.js';

/** What a door may follow while fix work runs. */
export interface FixHooks {
  /** The fix is stored (before its job starts). */
  onFix?(fix: FixSession): void;
  onStep?(e: { fix_id: string; n: number; step: FixStepName }): void;
  onIteration?(it: FixIteration): void;
  /** A conversation of a re-run finished. */
  onConversation?(): void;
}

export interface FixJobDeps {
  store: Store;
  models: ModelService;
  reruns: Reruns;
  jobs: JobRegistry;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Steps of an iteration, for the job's progress (diagnose, propose, apply, re-run, suite check). */
export const STEPS_PER_ITERATION = 5;

export function startFixJob(
  deps: FixJobDeps,
  fix: FixSession,
  spec: { kind: JobKind; title: string; steps: number; jobId?: string },
  work: (steps: FixSteps) => Promise<FixStatus>,
  hooks: FixHooks = {},
): Job<FixSession> {
  const rec = new FixRecord(deps.store, fix);
  return deps.jobs.start(
    {
      id: spec.jobId,
      kind: spec.kind,
      title: spec.title,
      unit: 'steps',
      total: spec.steps,
      subject: { run_id: fix.run_id, agent_id: fix.agent_id },
    },
    async (ctl) => {
      const steps = new FixSteps(
        {
          store: deps.store,
          models: deps.models,
          reruns: deps.reruns,
          signal: ctl.signal,
          onStep: (fixId, n, step) => {
            ctl.tick();
            hooks.onStep?.({ fix_id: fixId, n, step });
          },
          onConversation: hooks.onConversation,
        },
        rec,
      );
      rec.set({ status: 'running', job_id: ctl.id, error: null });
      try {
        const status = await work(steps);
        rec.set({ status });
        return rec.fix;
      } catch (e) {
        const cancelled = ctl.signal.aborted;
        const stop: FixStop | null = rec.fix.auto
          ? {
              reason: cancelled ? 'cancelled' : 'failed',
              reached: false,
              transitions: [],
              message: cancelled ? 'cancelled' : messageOf(e),
            }
          : rec.fix.stop;
        rec.set({ status: 'open', stop, error: cancelled ? null : messageOf(e) });
        throw e;
      }
    },
    { resultOf: (f) => ({ fix_id: f.id }) },
  );
}
