import type { Run } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../store/index.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import { mergeFacts, mergeShards, type MergeJobResult, type MergeOutcome } from '../shards/merge-runs.js';

/**
 * Joins the shards of one run into a single run, as a job: `files` are databases other machines wrote
 * (their finished shard runs are copied in first), `ids` shard runs already here. Everything is checked
 * before the job is recorded: a refusal is an error.
 */
export function mergeJob(
  store: Store,
  jobs: JobRegistry,
  req: { ids?: string[]; files?: string[] },
): Promise<Job<Run>> {
  const files = req.files ?? [];
  const refs = files.length + (req.ids?.length ?? 0);
  let outcome: MergeOutcome | undefined;
  return jobs.startWhenReady(
    { kind: 'merge', title: `Merge ${refs} shard(s) into one run`, unit: 'shards', total: refs },
    async (ctl) => {
      // other databases are untrusted: everything is checked before one transaction writes copies and the merge
      outcome = mergeShards(store, { files, ids: req.ids ?? [] });
      ctl.progress(refs);
      ctl.about({ run_id: outcome.run.id });
      return outcome.run;
    },
    { resultOf: (run): MergeJobResult => ({ run_id: run.id, shards: refs, ...mergeFacts(outcome!) }) },
  );
}
