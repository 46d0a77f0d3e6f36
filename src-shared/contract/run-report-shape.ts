import { z } from 'zod';
import type { HumanAgreementReport, JudgementsReport, RunRedaction } from '../schemas/index.js';
import type { RunReport } from '../run/report.js';

/**
 * What `runs.report` answers and `parley runs show --json` prints: the run report (src-shared/run/report.ts),
 * with what re-judging and reviewers said of its verdicts and the redaction applied on import, where stored.
 */
export type RunShowReport = RunReport & {
  judgements?: JudgementsReport;
  human_agreement?: HumanAgreementReport;
  redaction?: RunRedaction;
};

/**
 * The report is a TypeScript interface kept complete by tests/unit/shared/run/report-coverage.test.ts, not a zod
 * schema: it passes as it is (a zod object would drop or reorder keys the CLI has always printed), checked for
 * its identity only.
 */
export const RunShowReport = z.custom<RunShowReport>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { run_id?: unknown }).run_id === 'string' &&
    Array.isArray((v as { results?: unknown }).results),
  { message: 'expected a run report ({run_id, results, ...})' },
);
