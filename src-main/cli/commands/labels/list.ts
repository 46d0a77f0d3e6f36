import type { Command } from 'commander';
import { printJson, printTable } from '../../output.js';
import { useApp, withDbOption } from '../../use-app.js';

interface ListOptions {
  db?: string;
  json?: boolean;
  unreviewed?: boolean;
  disagreements?: boolean;
}

/** `parley labels list <run>`: a run's metric verdicts with their human labels. */
export function registerLabelsList(labels: Command): void {
  withDbOption(
    labels
      .command('list <run>')
      .description("list a run's metric verdicts with their human labels")
      .option('--unreviewed', 'only verdicts without a label')
      .option('--disagreements', 'only labels that disagree with the run’s judge')
      .option('--json', 'print JSON'),
  ).action((runId: string, opts: ListOptions) =>
    useApp(opts, (app) => {
      const rows = app.labels.verdicts(runId);
      const shown = rows.filter(
        (r) =>
          (!opts.unreviewed || !r.label) &&
          (!opts.disagreements || (r.label && r.label.human_passed !== r.judge_passed)),
      );
      if (opts.json) return printJson(shown);
      if (!shown.length) {
        process.stdout.write(rows.length ? 'No verdicts match.\n' : `Run ${runId} has no metric verdicts to label.\n`);
        return;
      }
      printTable(
        ['RESULT', 'TEST', '#', 'METRIC', 'JUDGE', 'HUMAN', 'REVIEWER', 'NOTE'],
        shown.map((r) => [
          r.result_id,
          r.repeat ? `${r.test} (repeat ${r.repeat + 1})` : r.test,
          String(r.metric),
          r.criterion,
          `${r.judge_passed ? 'pass' : 'fail'} ${r.score.toFixed(2)}`,
          r.label ? (r.label.human_passed ? 'pass' : 'fail') : '-',
          r.label?.reviewer ?? '-',
          r.label?.note ?? '',
        ]),
      );
    }),
  );
}
