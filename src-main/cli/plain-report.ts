import type { RunShowReport } from '../../src-shared/contract/run-report-shape.js';

/**
 * The run report as `parley run`, `rerun`, `replay`, `evaluate` and `runs merge` have always printed it: the
 * answer of `runs.report` without the sections only `parley runs show` prints (re-judgements, human agreement,
 * the redaction applied on import).
 */
export function plainReport({ judgements: _j, human_agreement: _h, redaction: _r, ...report }: RunShowReport) {
  return report;
}
