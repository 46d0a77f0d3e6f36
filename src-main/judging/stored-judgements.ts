import type { JudgementsReport } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { judgementsReport } from './judge-agreement.js';
import { judgeLabel } from './judge-label.js';

/** A stored run's re-judgement report (complete batches; the others listed as incomplete), or undefined when it was never re-judged. */
export function storedJudgementsReport(store: Store, runId: string): JudgementsReport | undefined {
  const run = store.runs.get(runId);
  if (!run) return undefined;
  const incomplete = store.judgements.incompleteBatches(runId);
  if (!store.judgements.countByRun(runId) && !incomplete.length) return undefined;
  return judgementsReport(
    run.id,
    run.models.judge ? judgeLabel(run.models.judge.spec) : 'none',
    store.results.listByRun(run.id),
    store.judgements.listByRun(run.id),
    incomplete,
  );
}
