import type { HumanAgreementReport } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { humanAgreementReport } from './human-agreement.js';
import { judgeLabel } from './judge-label.js';

/** A stored run's judges against its human labels (every judge, even with no labels yet); undefined for an unknown run. */
export function storedHumanAgreement(store: Store, runId: string): HumanAgreementReport | undefined {
  const run = store.runs.get(runId);
  if (!run) return undefined;
  return humanAgreementReport(
    run.id,
    run.models.judge ? judgeLabel(run.models.judge.spec) : 'none',
    store.results.metricsByRun(run.id),
    store.judgements.verdictsByRun(run.id),
    store.labels.verdictsByRun(run.id),
  );
}
