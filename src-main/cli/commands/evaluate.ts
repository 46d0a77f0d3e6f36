import { formatProportion } from '../../../src-shared/stats/index.js';
import { runPassRate } from '../../../src-shared/run/report.js';
import type { Command } from 'commander';
import { SEVERITIES, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { runPassed } from '../../app/index.js';
import { plainReport } from '../plain-report.js';
import { CliError } from '../errors.js';
import { parseSeverity } from '../severity-option.js';
import { info, printJson, printTable } from '../output.js';
import { specFromFlags } from '../model-flags.js';
import { withDbOption } from '../use-app.js';
import { problemsText } from '../text/run-text.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

interface EvaluateCliOptions {
  db?: string;
  tests: string;
  judgeModel?: string;
  test?: string;
  json?: boolean;
  failOnSeverity?: string;
  groupFailures?: boolean;
}

export function registerEvaluate(program: Command): void {
  withDbOption(
    program
      .command('evaluate <run>')
      .description(
        "judge a stored run (e.g. imported calls) with a suite's metrics and rules, without simulating; stores the verdicts as a new run",
      )
      .requiredOption('--tests <file|suite>', 'test suite file or stored suite (id or name)')
      .option('--judge-model <spec>', 'judge model SPEC (needed when the suite or the agent has LLM metrics)')
      .option(
        '--test <name>',
        'judge every conversation with this test (default: the test of the same name, else the whole suite merged)',
      )
      .option('--group-failures', 'group the failures into unique problems with one judge-model call')
      .option(
        '--fail-on-severity <level>',
        `exit 1 when a grouped problem is at or above ${SEVERITIES.join('|')} (implies --group-failures)`,
      )
      .option('--json', 'print JSON'),
  ).action(async (runId: string, opts: EvaluateCliOptions) => {
    const threshold = opts.failOnSeverity ? parseSeverity(opts.failOnSeverity) : undefined;
    const judgeSpec: ModelSpec | undefined = opts.judgeModel
      ? specFromFlags({ flag: '--judge-model', value: opts.judgeModel })
      : undefined;
    if ((opts.groupFailures || threshold) && !judgeSpec)
      throw new CliError('--group-failures needs --judge-model SPEC');
    // Loaded on use: the engine and the providers are not needed by the other commands.
    const { useApp } = await import('../use-app.js');
    const { conversationLines, followJob, JobProgress } = await import('../job-progress.js');
    await useApp(opts, async (app, door) => {
      const suite = app.runs.suiteFromRef(opts.tests, { files: true, path: 'tests' });
      const bar = new JobProgress('evaluate');
      const job = await app.runs.evaluate(
        { run_id: runId, suite, judge: judgeSpec, test: opts.test },
        { onEvent: conversationLines(bar) },
      );
      const outcome = await followJob(job, {}, bar);
      let { run } = outcome;
      const { results } = outcome;
      if ((opts.groupFailures || threshold) && results.some((r) => r.status !== 'pass')) {
        const grouping = await app.runs.groupFailures(run.id, judgeSpec);
        info(`${grouping.info().title}...`);
        run = await followJob(grouping, { quiet: opts.json });
      }
      const grouping = run.problems;
      const failed = results.some((r) => r.status !== 'pass') || !runPassed({ ...outcome, run }, threshold);
      if (opts.json) {
        printJson({
          ...plainReport(await door.call('runs.report', { id: run.id })),
          parent_run_id: run.parent_run_id,
          ...(grouping ? { problems: grouping.groups, ungrouped: grouping.ungrouped } : {}),
        });
      } else {
        process.stdout.write(
          `Evaluated ${results.length} conversation(s) of run ${runId} as run ${run.id} (suite ${suite.name || '-'}${judgeSpec ? `, judge ${modelLabel(judgeSpec)}` : ''})\n\n`,
        );
        printTable(
          ['TEST', 'STATUS', 'METRICS', 'RULES', 'FAILED'],
          results.map((r) => [
            r.test,
            r.status,
            r.metrics.map((m) => m.score.toFixed(2)).join(' ') || '-',
            `${r.rules.filter((c) => c.passed).length}/${r.rules.length}`,
            [
              ...r.metrics.filter((m) => !m.passed).map((m) => m.criterion),
              ...r.rules.filter((c) => !c.passed).map((c) => `${c.kind} ${c.target}`),
              ...(r.error ? [r.error] : []),
            ].join('; '),
          ]),
        );
        process.stdout.write(
          `\npassed ${run.summary.passed}  failed ${run.summary.failed}  errored ${run.summary.errored}  pass rate ${formatProportion(runPassRate(run))}\n`,
        );
        if (grouping) process.stdout.write(`\n${problemsText(grouping)}`);
        process.stdout.write(`\nCompare with another evaluation: parley diff <run> ${run.id}\n`);
      }
      if (failed) process.exitCode = 1;
    });
  });
}
