import fs from 'node:fs';
import type { Command } from 'commander';
import { AppError, FileRefusal, readImportText, type ImportOutcome } from '../../../app/index.js';
import { CliError } from '../../errors.js';
import { followJob } from '../../job-progress.js';
import { startedJob } from '../../started-job.js';
import { info, printJson } from '../../output.js';
import { useApp, withDbOption } from '../../use-app.js';

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

/** `parley labels export [run]` and `parley labels import <file>`: labels shared between workstations. */
export function registerLabelsFiles(labels: Command): void {
  withDbOption(
    labels
      .command('export [run]')
      .description('write the labels of one run (or of every run) as JSON')
      .option('--out <file>', 'write to this file (default: standard output)'),
  ).action((runId: string | undefined, opts: { db?: string; out?: string }) =>
    useApp(opts, async (_app, door) => {
      const file = await door.call('labels.export', { run_id: runId });
      const text = JSON.stringify(file, null, 2) + '\n';
      if (!opts.out) return void process.stdout.write(text);
      try {
        fs.writeFileSync(opts.out, text);
      } catch (e) {
        throw new CliError(`--out ${opts.out}: ${(e as Error).message}`);
      }
      info(`${file.labels.length} label(s) written to ${opts.out}`);
    }),
  );

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
      text = readImportText(file); // fstat first, within the 10 MB import limit
    } catch (e) {
      if (e instanceof FileRefusal) throw new CliError(`${file}: cannot read it (${e.detail})`);
      throw new CliError(`${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    await useApp(opts, async (app, door) => {
      try {
        const { job_id } = await door.call('labels.import', { text, file });
        const out = await followJob(startedJob<ImportOutcome>(app, job_id), { quiet: opts.json });
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
