import type { Run } from '../../../src-shared/schemas/index.js';
import type { MergeJobResult } from '../../app/index.js';
import { plural } from '../../../src-shared/text/plural.js';

/** What `parley runs merge` did: a new merged run, with what was copied and what was already here, or an earlier merge found. */
export function mergeText(shards: number, run: Run, merge: MergeJobResult): string {
  const counts = `passed ${run.summary.passed}  failed ${run.summary.failed}  errored ${run.summary.errored}`;
  const reused = merge.reused.length
    ? ` (${plural(merge.reused.length, 'shard run')} already copied here by an earlier merge, not copied again: ${merge.reused.join(', ')})`
    : '';
  if (merge.already_merged)
    return `Already merged: these shards were merged before into run ${run.id}; nothing was copied or written${reused}: ${counts}`;
  return `Merged ${shards} shards into run ${run.id}${reused}: ${counts}`;
}
