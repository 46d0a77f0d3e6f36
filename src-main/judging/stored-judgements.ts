import type { JudgementsReport } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { judgementsReport } from './judge-agreement.js';
import { judgeLabel } from './judge-label.js';

/** A stored run's re-judgement report, or undefined when it was never re-judged. */
export function storedJudgementsReport(store: Store, runId: string): JudgementsReport | undefined {
  const run = store.runs.get(runId);
  if (!run || !store.judgements.countByRun(runId)) return undefined;
  return judgementsReport(
    run.id,
    run.models.judge ? judgeLabel(run.models.judge.spec) : 'none',
    store.results.listByRun(run.id),
    store.judgements.listByRun(run.id),
  );
}
