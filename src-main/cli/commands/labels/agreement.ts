import type { Command } from 'commander';
import { calibrationText, humanAgreementHeader, humanAgreementTable } from '../../text/format-human-agreement.js';
import { printJson, printTable } from '../../output.js';
import { useApp, withDbOption } from '../../use-app.js';

/** `parley labels agreement <run>`: every judge of a run against the human labels. */
export function registerLabelsAgreement(labels: Command): void {
  withDbOption(
    labels
      .command('agreement <run>')
      .description(
        "how far each judge of a run (the original and every re-judge model) agrees with the human labels, per metric: accuracy, Cohen's kappa, precision and recall of fail, with 95% intervals and n; and the threshold that would agree best",
      )
      .option('--json', 'print JSON'),
  ).action((runId: string, opts: { db?: string; json?: boolean }) =>
    useApp(opts, async (_app, door) => {
      const report = await door.call('labels.agreement', { run_id: runId });
      if (opts.json) return printJson(report);
      process.stdout.write(humanAgreementHeader(report));
      if (!report.rows.length) {
        process.stdout.write(
          `No labels yet: label verdicts in the app (run page, "Review verdicts") or with parley labels set, then run this again.\n`,
        );
        return;
      }
      process.stdout.write('\n');
      const t = humanAgreementTable(report);
      printTable(t.headers, t.rows);
      process.stdout.write(calibrationText(report));
    }),
  );
}
