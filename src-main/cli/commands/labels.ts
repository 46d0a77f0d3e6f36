import fs from 'node:fs';
import type { Command } from 'commander';
import { AppError } from '../../app/index.js';
import { calibrationText, humanAgreementHeader, humanAgreementTable } from '../text/format-human-agreement.js';
import { CliError } from '../errors.js';
import { info, printJson, printTable } from '../output.js';
import { withDbOption } from '../use-app.js';

/** An import error with every problem on its own line (the API carries them as `issues`). */
function importError(e: AppError): CliError {
  const issues = e.error.issues ?? [];
  if (issues.length < 2) return new CliError(e.message);
  const lines = issues.slice(0, 20).map((i) => `  ${i.path || '(file)'}: ${i.message}`);
  const more = issues.length > 20 ? [`  ... and ${issues.length - 20} more`] : [];
  return new CliError(
    [`${e.error.file}: ${issues.length} problems; nothing was imported`, ...lines, ...more].join('\n'),
  );
}

/** A metric by its criterion text or its 1-based number on the result. */
function pickCriterion(criteria: string[], ref: string): string {
  if (criteria.includes(ref)) return ref;
  const n = Number(ref);
  if (/^\d+$/.test(ref) && n >= 1 && n <= criteria.length) return criteria[n - 1];
  throw new CliError(
    `no metric ${JSON.stringify(ref)} on this result; expected the criterion or its number: ${criteria.map((c, i) => `${i + 1} = ${JSON.stringify(c)}`).join(', ') || '(no metrics)'}`,
  );
}

export function registerLabels(program: Command): void {
  const labels = program
    .command('labels')
    .description(
      'human labels of metric verdicts: set and list them, see how far each judge agrees with the reviewers, share them as JSON',
    );
  registerLabelsList(labels);
  registerLabelsSet(labels);
  registerLabelsAgreement(labels);
  registerLabelsExport(labels);
  registerLabelsImport(labels);
}

/** `labels list RUN`: a run's metric verdicts with their human labels. */
function registerLabelsList(labels: Command): void {
  withDbOption(
    labels
      .command('list <run>')
      .description("list a run's metric verdicts with their human labels")
      .option('--unreviewed', 'only verdicts without a label')
      .option('--disagreements', 'only labels that disagree with the run’s judge')
      .option('--json', 'print JSON'),
  ).action(
    async (runId: string, opts: { db?: string; json?: boolean; unreviewed?: boolean; disagreements?: boolean }) => {
      const { useApp } = await import('../use-app.js');
      await useApp(opts, async (app) => {
        const { labels: list } = app.labels.list(runId);
        const byKey = new Map(list.map((l) => [`${l.result_id}\u0000${l.criterion}`, l]));
        const rows = app.store.results.listByRun(runId).flatMap((r) =>
          r.metrics.map((m, i) => ({
            result_id: r.id,
            test: r.test,
            repeat: r.repeat,
            metric: i + 1,
            criterion: m.criterion,
            judge_passed: m.passed,
            score: m.score,
            label: byKey.get(`${r.id}\u0000${m.criterion}`) ?? null,
          })),
        );
        const shown = rows.filter(
          (r) =>
            (!opts.unreviewed || !r.label) &&
            (!opts.disagreements || (r.label && r.label.human_passed !== r.judge_passed)),
        );
        if (opts.json) return printJson(shown);
        if (!shown.length) {
          process.stdout.write(
            rows.length ? 'No verdicts match.\n' : `Run ${runId} has no metric verdicts to label.\n`,
          );
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
      });
    },
  );
}

/** `labels set RESULT METRIC`: label one metric verdict, or clear its label. */
function registerLabelsSet(labels: Command): void {
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
  ).action(
    async (
      resultId: string,
      metricRef: string,
      opts: {
        db?: string;
        json?: boolean;
        pass?: boolean;
        fail?: boolean;
        right?: boolean;
        wrong?: boolean;
        note?: string;
        reviewer?: string;
        clear?: boolean;
      },
    ) => {
      const given = (['pass', 'fail', 'right', 'wrong'] as const).filter((k) => opts[k]);
      if (!opts.clear && given.length !== 1)
        throw new CliError(
          `expected exactly one of --pass, --fail, --right, --wrong (or --clear), got ${given.length ? given.map((g) => `--${g}`).join(' ') : 'none'}`,
        );
      const { useApp } = await import('../use-app.js');
      await useApp(
        opts,
        async (app) => {
          const result = app.store.results.get(resultId);
          if (!result) throw new CliError(`result "${resultId}" not found (parley labels list RUN shows them)`, 1);
          const criterion = pickCriterion(
            result.metrics.map((m) => m.criterion),
            metricRef,
          );
          if (opts.clear) {
            const out = app.labels.clear(resultId, criterion);
            if (opts.json) return printJson(out);
            process.stdout.write(out.removed ? 'Label removed.\n' : 'There was no label to remove.\n');
            return;
          }
          const reviewer = opts.reviewer ?? app.labels.reviewer();
          if (!reviewer) throw new CliError('--reviewer: expected your name (remembered after the first label)');
          const label = app.labels.set({
            result_id: resultId,
            criterion,
            reviewer,
            ...(opts.pass || opts.fail ? { human_passed: !!opts.pass } : { judge: opts.right ? 'right' : 'wrong' }),
            ...(opts.note !== undefined ? { note: opts.note } : {}),
          });
          if (opts.json) return printJson(label);
          process.stdout.write(
            `${label.test} / ${label.criterion}: human ${label.human_passed ? 'pass' : 'fail'}, judge ${label.judge_passed ? 'pass' : 'fail'} (${label.human_passed === label.judge_passed ? 'agree' : 'disagree'}), by ${label.reviewer}\n`,
          );
        },
        { result_id: '<result>', criterion: '<metric>', reviewer: '--reviewer', human_passed: '--pass/--fail' },
      );
    },
  );
}

/** `labels agreement RUN`: how far each judge agrees with the human labels. */
function registerLabelsAgreement(labels: Command): void {
  withDbOption(
    labels
      .command('agreement <run>')
      .description(
        "how far each judge of a run (the original and every re-judge model) agrees with the human labels, per metric: accuracy, Cohen's kappa, precision and recall of fail, with 95% intervals and n; and the threshold that would agree best",
      )
      .option('--json', 'print JSON'),
  ).action(async (runId: string, opts: { db?: string; json?: boolean }) => {
    const { useApp } = await import('../use-app.js');
    await useApp(opts, async (app) => {
      const report = app.labels.agreement(runId);
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
    });
  });
}

/** `labels export [RUN]`: the labels as JSON. */
function registerLabelsExport(labels: Command): void {
  withDbOption(
    labels
      .command('export [run]')
      .description('write the labels of one run (or of every run) as JSON')
      .option('--out <file>', 'write to this file (default: standard output)'),
  ).action(async (runId: string | undefined, opts: { db?: string; out?: string }) => {
    const { useApp } = await import('../use-app.js');
    await useApp(opts, async (app) => {
      const file = app.labels.exportFile(runId);
      const text = JSON.stringify(file, null, 2) + '\n';
      if (!opts.out) return void process.stdout.write(text);
      try {
        fs.writeFileSync(opts.out, text);
      } catch (e) {
        throw new CliError(`--out ${opts.out}: ${(e as Error).message}`);
      }
      info(`${file.labels.length} label(s) written to ${opts.out}`);
    });
  });
}

/** `labels import FILE`: a labels file, all of it or nothing. */
function registerLabelsImport(labels: Command): void {
  withDbOption(
    labels
      .command('import <file>')
      .description(
        'import a labels file (from parley labels export): checked in full first; every result and metric must exist in this database; all of it is written or nothing. Of two labels of one verdict the newer is kept.',
      )
      .option('--json', 'print JSON'),
  ).action(async (file: string, opts: { db?: string; json?: boolean }) => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new CliError(`${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    const { useApp } = await import('../use-app.js');
    await useApp(opts, async (app) => {
      try {
        const out = app.labels.importFile(text, file);
        if (opts.json) return printJson(out);
        process.stdout.write(
          `${file}: ${out.added} label(s) added, ${out.updated} updated, ${out.kept} kept (already here, or older than the label here)\n`,
        );
      } catch (e) {
        if (e instanceof AppError && e.error.file) throw importError(e);
        throw e;
      }
    });
  });
}
