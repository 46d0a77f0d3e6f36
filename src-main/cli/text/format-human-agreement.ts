import type { HumanAgreementReport } from '../../../src-shared/schemas/index.js';
import { formatProportion, kappaText } from '../../../src-shared/stats/index.js';

type Row = HumanAgreementReport['rows'][number];
const kappaOf = (r: Row) =>
  kappaText({ n: r.n, kappa: r.kappa, low: r.kappa_low, high: r.kappa_high }, { wordsInside: true });

/** Rows of the agreement table, for the CLI's aligned table. */
export function humanAgreementTable(report: HumanAgreementReport): { headers: string[]; rows: string[][] } {
  return {
    headers: ['JUDGE', 'METRIC', 'N', 'ACCURACY (95%)', 'KAPPA (95%)', 'PRECISION OF FAIL', 'RECALL OF FAIL'],
    rows: report.rows.map((r) => [
      r.judge === 'original' ? `original (${r.judge_model})` : r.judge,
      r.criterion ?? '(all metrics)',
      String(r.n),
      formatProportion(r.accuracy),
      kappaOf(r),
      formatProportion(r.precision_fail),
      formatProportion(r.recall_fail),
    ]),
  };
}

/** The lines before and after the table: how much is labelled, and the calibration hints. */
export function humanAgreementHeader(report: HumanAgreementReport): string {
  const who = report.reviewers.length ? ` by ${report.reviewers.join(', ')}` : '';
  return `Human labels: ${report.labels} of ${report.verdicts} metric verdicts of run ${report.run_id}${who}\n`;
}

export function calibrationText(report: HumanAgreementReport): string {
  if (!report.calibration.length) return '';
  const lines = report.calibration.map(
    (c) => `  ${c.criterion} (${c.judge === 'original' ? 'original judge' : c.judge}): ${c.summary}`,
  );
  return `\nCalibration (pass when score >= threshold):\n${lines.join('\n')}\n`;
}

/** A short plain-text summary (for `parley runs show`): one line per judge and metric. */
export function humanAgreementLines(report: HumanAgreementReport): string {
  const lines = report.rows.map(
    (r) =>
      `  ${r.criterion ?? '(all metrics)'} (${r.judge === 'original' ? `original judge ${r.judge_model}` : r.judge}): ${r.summary}, kappa ${kappaOf(r)}`,
  );
  return `${humanAgreementHeader(report)}${lines.join('\n')}\n(details: parley labels agreement ${report.run_id})\n`;
}
