import type { RunShowReport } from '../../../src-shared/contract/run-report-shape.js';
import type { Store } from '../../store/index.js';
import { trustOfRun } from '../compare/compare-runs.js';
import { requireRun } from '../refs/resolve.js';
import { runReport } from './run-report.js';

/**
 * A stored run's report as both doors show it (`runs.report`, `parley runs show --json`): the run report with what
 * re-judging and reviewers said of its verdicts, and the redaction applied on import, each only where stored.
 */
export function runShowReport(store: Store, id: string): RunShowReport {
  const run = requireRun(store, id);
  const report = runReport(store, run, store.results.listByRun(run.id));
  const { judgements, human } = trustOfRun(store, run.id);
  return {
    ...report,
    ...(judgements ? { judgements } : {}),
    ...(human ? { human_agreement: human } : {}),
    ...(run.options.redaction ? { redaction: run.options.redaction } : {}),
  };
}
