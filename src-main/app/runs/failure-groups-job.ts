import type { ModelSpec, Run } from '../../../src-shared/schemas/index.js';
import { ProviderError, type ChatModel } from '../../providers/index.js';
import type { Store } from '../../store/index.js';
import { groupRunFailures, specLabel } from '../analysis/problems/run-problems.js';
import { invalid, unavailable } from '../errors.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ModelService } from '../models/models.js';
import { finishedRun } from '../refs/resolve.js';
import { storedModelDefault } from './stored-specs.js';

const messageOf = (e: unknown) => (e as Error)?.message ?? String(e);

/** Groups a finished run's failures into problems with a judge (default: the run's judge model) and stores them, as a job. */
export async function groupFailuresJob(
  deps: { store: Store; models: ModelService; jobs: JobRegistry },
  id: string,
  judge?: ModelSpec,
): Promise<Job<Run>> {
  const { store, models, jobs } = deps;
  const run = finishedRun(store, id, 'group its failures');
  if (run.summary.failed + run.summary.errored === 0) throw invalid(`run ${id} has no failures to group`);
  const spec =
    judge ??
    storedModelDefault(store, run, run.models.judge?.spec, 'judge', 'judge') ??
    storedModelDefault(store, run, run.models.agent?.spec, 'agent model', 'judge');
  if (!spec) throw invalid(`run ${id} has no judge model recorded: choose one`, 'judge');
  const model: ChatModel = await models.load('judge', spec);
  const failures = run.summary.failed + run.summary.errored;
  return jobs.start(
    {
      kind: 'failure-groups',
      title: `${id}: grouping ${failures} failed conversation(s) into problems with ${specLabel(spec)}`,
      unit: 'calls',
      total: 1,
      subject: { run_id: id },
    },
    async (ctl) => {
      try {
        const grouped = await groupRunFailures(store, id, model);
        ctl.tick();
        return grouped;
      } catch (e) {
        if (e instanceof ProviderError)
          throw unavailable(`grouping failed: judge model ${spec.provider}:${spec.model}: ${messageOf(e)}`, 'judge');
        throw e;
      }
    },
    { resultOf: (r) => ({ run_id: r.id, problems: r.problems?.groups.length ?? 0 }) },
  );
}
