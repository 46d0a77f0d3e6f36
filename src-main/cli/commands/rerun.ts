import type { Command } from 'commander';
import { runPassed } from '../../app/index.js';
import { plainReport } from '../plain-report.js';
import { printText } from '../text/run-text.js';
import { CliError } from '../errors.js';
import { collect } from '../flags.js';
import { conversationLines, followJob, JobProgress } from '../job-progress.js';
import { info, printJson } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

interface RerunCliOptions {
  db?: string;
  failed?: boolean;
  test: string[];
  json?: boolean;
  verbose?: boolean;
}

/** `parley rerun RUN --failed | --test NAME...`: a new run of some of a run's tests, as the run ran them. */
export function registerRerun(program: Command): void {
  withDbOption(
    program
      .command('rerun <run>')
      .description(
        "run a finished run's failed tests again (pytest's --lf), or the tests you name: the same agent version, models and options; a new run that names its source",
      )
      .option('--failed', 'the tests with a failed, errored or cancelled conversation')
      .option('--test <name>', 'this test (repeatable)', collect, [])
      .option('--json', 'print the run report as JSON')
      .option('--verbose', 'print whole error messages (the table shows their first line)'),
  ).action(async (id: string, opts: RerunCliOptions) => {
    if (!!opts.failed === !!opts.test.length)
      throw new CliError('parley rerun: give --failed or --test NAME (repeatable), not both');
    process.exitCode = await useApp(
      opts,
      async (app, door) => {
        const bar = new JobProgress(`rerun of ${id}`);
        const job = await app.runs.rerun(id, opts.failed ? { failed: true } : { tests: opts.test }, {
          onEvent: conversationLines(bar),
        });
        info(`rerun of ${id}: ${job.tests.length} test(s): ${job.tests.join(', ')} -> run ${job.runId}`);
        const outcome = await followJob(
          job,
          { onInterrupt: 'finished conversations are kept; parley run --resume continues' },
          bar,
        );
        const report = await door.call('runs.report', { id: outcome.run.id });
        if (opts.json) printJson({ ...plainReport(report), tests: outcome.tests });
        else printText(outcome, opts.verbose, report.fitness);
        if (outcome.run.status === 'failed') return 2;
        return runPassed(outcome) ? 0 : 1;
      },
      { tests: '--test', failed: '--failed' },
    );
  });
}
