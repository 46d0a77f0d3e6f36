import type { Command } from 'commander';
import { CliError } from '../../errors.js';
import { printJson } from '../../output.js';
import { useApp, withDbOption } from '../../use-app.js';

interface SetOptions {
  db?: string;
  json?: boolean;
  pass?: boolean;
  fail?: boolean;
  right?: boolean;
  wrong?: boolean;
  note?: string;
  reviewer?: string;
  clear?: boolean;
}

/** The command's own spellings of the label fields. */
const SET_FLAGS = {
  result_id: '<result>',
  criterion: '<metric>',
  reviewer: '--reviewer',
  human_passed: '--pass/--fail',
};

/** `parley labels set <result> <metric>`: one human label (or `--clear` to remove it). */
export function registerLabelsSet(labels: Command): void {
  withDbOption(
    labels
      .command('set <result> <metric>')
      .description(
        'label one metric verdict (METRIC: the criterion or its number on the result): --pass/--fail set the human verdict, --right/--wrong say whether the judge was right',
      )
      .option('--pass', 'the conversation passed this metric')
      .option('--fail', 'the conversation failed this metric')
      .option('--right', 'the judge was right')
      .option('--wrong', 'the judge was wrong')
      .option('--note <text>', 'a note for the label')
      .option('--reviewer <name>', 'reviewer name (default: the last one used on this database)')
      .option('--clear', 'remove the label instead')
      .option('--json', 'print JSON'),
  ).action(async (resultId: string, metricRef: string, opts: SetOptions) => {
    const given = (['pass', 'fail', 'right', 'wrong'] as const).filter((k) => opts[k]);
    if (!opts.clear && given.length !== 1)
      throw new CliError(
        `expected exactly one of --pass, --fail, --right, --wrong (or --clear), got ${given.length ? given.map((g) => `--${g}`).join(' ') : 'none'}`,
      );
    await useApp(
      opts,
      async (app, door) => {
        const criterion = app.labels.criterionOf(resultId, metricRef);
        if (opts.clear) {
          const out = await door.call('labels.clear', { result_id: resultId, criterion });
          if (opts.json) return printJson(out);
          process.stdout.write(out.removed ? 'Label removed.\n' : 'There was no label to remove.\n');
          return;
        }
        const reviewer = opts.reviewer ?? app.labels.reviewer();
        if (!reviewer) throw new CliError('--reviewer: expected your name (remembered after the first label)');
        const label = await door.call('labels.set', {
          result_id: resultId,
          criterion,
          reviewer,
          ...(opts.pass || opts.fail ? { human_passed: !!opts.pass } : { judge: opts.right ? 'right' : 'wrong' }),
          ...(opts.note !== undefined ? { note: opts.note } : {}),
        });
        if (opts.json) return printJson(label);
        const agree = label.human_passed === label.judge_passed ? 'agree' : 'disagree';
        process.stdout.write(
          `${label.test} / ${label.criterion}: human ${label.human_passed ? 'pass' : 'fail'}, judge ${label.judge_passed ? 'pass' : 'fail'} (${agree}), by ${label.reviewer}\n`,
        );
      },
      SET_FLAGS,
    );
  });
}
