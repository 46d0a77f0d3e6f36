/**
 * Groups a stored run's failures into problems with one judge-model call and stores the grouping
 * with the run (the CLI's --group-failures and the run page's "Group failures" both end here).
 */
import type { ModelSpec, Run, RunProblems } from '../../../../src-shared/schemas/index.js';
import type { ChatModel } from '../../../providers/types.js';
import type { Store } from '../../../store/index.js';
import { groupFailures } from './failure-groups.js';
import { portableSpec } from '../../../reports/run-export.js';

/** PROVIDER:MODEL, a local file named by its file name only (the grouping may be exported). */
export function specLabel(spec: ModelSpec): string {
  const p = portableSpec(spec);
  return `${p.provider}:${p.model}`;
}

export async function groupRunFailures(
  store: Store,
  runId: string,
  model: ChatModel,
  opts: { signal?: AbortSignal; now?: () => Date } = {},
): Promise<Run> {
  const results = store.results.listByRun(runId);
  const g = await groupFailures(results, model, { signal: opts.signal });
  const problems: RunProblems = {
    groups: g.groups,
    ungrouped: g.ungrouped,
    total_failures: g.total_failures,
    judge: specLabel(model.spec),
    grouped_at: (opts.now?.() ?? new Date()).toISOString(),
  };
  return store.runs.setProblems(runId, problems);
}
