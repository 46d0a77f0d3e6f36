import { ModelSpec, type ModelSpecInput } from '../../../src-shared/schemas/index.js';
import { requireSuite, suiteSnapshotOfRun } from '../refs/refs.js';
import { appOf, liveRuns } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

const spec = (s: ModelSpecInput | undefined) => (s ? ModelSpec.parse(s) : undefined);

/** runs.start / resume / evaluate / replay / cancel / live / groupFailures / merge / export: the run use cases (app/runs/runs.ts) as jobs. */
export const runControlMethods: Methods = {
  'runs.start': async (ctx, input) => {
    const job = await appOf(ctx).runs.start(
      {
        agent: input.agent_id,
        agent_version: input.agent_version_id,
        suite: input.suite_id
          ? requireSuite(ctx.store, input.suite_id)
          : suiteSnapshotOfRun(ctx.store, input.suite_from_run ?? ''),
        models: {
          agent: ModelSpec.parse(input.models.agent),
          caller: spec(input.models.caller),
          judge: spec(input.models.judge),
        },
        options: input.options,
        preflight_id: input.preflight_id,
        ...(input.source_run_id ? { source_run: input.source_run_id } : {}),
      },
      liveRuns(ctx).hooks(),
    );
    return { run_id: job.runId, job_id: job.id };
  },
  'runs.cancel': (ctx, { id }) => ({ cancelled: appOf(ctx).runs.cancel(id) }),
  'runs.rerun': async (ctx, { id, failed, tests }) => {
    const job = await appOf(ctx).runs.rerun(id, { failed, tests }, liveRuns(ctx).hooks());
    return { run_id: job.runId, job_id: job.id, tests: job.tests };
  },
  'runs.cancelTest': (ctx, { id, test }) => ({ cancelled: appOf(ctx).runs.cancelTest(id, test) }),
  'runs.resume': async (ctx, { id, force }) => {
    const job = await appOf(ctx).runs.resume(id, liveRuns(ctx).hooks(), { force });
    return { run_id: job.runId, job_id: job.id };
  },
  'runs.live': (ctx, { id }) => liveRuns(ctx).get(id),
  'runs.groupFailures': async (ctx, { id, judge }) => ({
    job_id: (await appOf(ctx).runs.groupFailures(id, spec(judge))).id,
  }),
  'runs.evaluate': async (ctx, input) => {
    const job = await appOf(ctx).runs.evaluate(
      { run_id: input.id, suite: requireSuite(ctx.store, input.suite_id), judge: spec(input.judge), test: input.test },
      liveRuns(ctx).hooks(),
    );
    return { run_id: job.runId, job_id: job.id };
  },
  'runs.replay': async (ctx, input) => {
    const job = await appOf(ctx).runs.replay(
      {
        run_id: input.id,
        agent_version: input.agent_version_id,
        agent_model: spec(input.agent_model),
        judge_model: spec(input.judge_model),
      },
      liveRuns(ctx).hooks(),
    );
    return { run_id: job.runId, job_id: job.id };
  },
  'runs.merge': async (ctx, { ids }) => ({ job_id: (await appOf(ctx).runs.merge({ ids })).id }),
  'runs.export': (ctx, { id, format }) => appOf(ctx).runs.export(id, format),
};
