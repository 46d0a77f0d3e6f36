import { formatProportion } from '../../../src-shared/stats/index.js';
import { runPassRate } from '../../../src-shared/run/report.js';
import fs from 'node:fs';
import type { Command } from 'commander';
import { toRunReport } from '../../../src-shared/run/report.js';
import { parseModelSpec, type ModelSpec, type TestSuite } from '../../../src-shared/schemas/index.js';
import { failsOnSeverity, SEVERITIES } from '../../app/problems/failure-groups.js';
import { FileRefusal, readImportText } from '../../app/index.js';
import type { Store } from '../../store/index.js';
import { CliError } from '../errors.js';
import { parseSeverity } from '../severity-option.js';
import { info, printJson, printTable } from '../output.js';
import { withDbOption } from '../store-option.js';
import { problemsText } from '../text/run-text.js';

/** `--tests <file|suite>`: a stored suite (id or unique name), else a suite file (Parley or voicetest tests). */
export async function resolveSuite(store: Store, ref: string): Promise<{ suite: TestSuite; suiteId: string | null }> {
  const stored = store.suites.find(ref);
  if (stored) return { suite: stored.data, suiteId: stored.id };
  if (!fs.existsSync(ref)) throw new CliError(`--tests: "${ref}" is neither a stored suite nor a file`, 2);
  const { parseAgentFile } = await import('../../formats/parse-file.js');
  let text: string;
  try {
    text = readImportText(ref);
  } catch (e) {
    if (e instanceof FileRefusal) throw new CliError(`--tests: ${e.message}`, 2);
    throw e;
  }
  const parsed = parseAgentFile(text, ref);
  if (!parsed.ok)
    throw new CliError(parsed.errors.map((e) => `${e.file}: ${e.path || '(top level)'}: ${e.message}`).join('\n'), 1);
  if (parsed.kind !== 'suite')
    throw new CliError(`--tests: ${ref} is an agent file (${parsed.format}), expected a test suite`, 2);
  return { suite: parsed.suite, suiteId: null };
}

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
    let judgeSpec: ModelSpec | undefined;
    try {
      judgeSpec = opts.judgeModel ? parseModelSpec(opts.judgeModel) : undefined;
    } catch (e) {
      throw new CliError(`--judge-model: ${(e as Error).message}`);
    }
    // Loaded on use: the engine and the providers are not needed by the other commands.
    const { useApp } = await import('../use-app.js');
    await useApp(opts, async (app) => {
      const { store } = app;
      if (!store.runs.get(runId)) throw new CliError(`run "${runId}" not found (parley runs list shows them)`, 1);
      const { suite, suiteId } = await resolveSuite(store, opts.tests);
      let done = 0;
      let total = 0;
      const handle = await app.runs.evaluate(
        { run_id: runId, suite: { id: suiteId, name: suite.name, data: suite }, judge: judgeSpec, test: opts.test },
        {
          onEvent: (e) => {
            if (e.type === 'run.started') total = e.total;
            if (e.type === 'test.finished' && !opts.json) info(`[${++done}/${total}] ${e.test}: ${e.status}`);
          },
        },
      );
      const outcome = await handle.done;
      let { run } = outcome;
      const { results } = outcome;
      if ((opts.groupFailures || opts.failOnSeverity) && results.some((r) => r.status !== 'pass')) {
        if (!judgeSpec) throw new CliError('--group-failures needs --judge-model SPEC');
        run = await app.runs.groupFailures(run.id, judgeSpec);
      }
      const grouping = run.problems;
      const failed =
        results.some((r) => r.status !== 'pass') ||
        (!!grouping && !!threshold && failsOnSeverity(grouping.groups, threshold));
      if (opts.json) {
        printJson({
          ...toRunReport(run, results),
          parent_run_id: run.parent_run_id,
          ...(grouping ? { problems: grouping.groups, ungrouped: grouping.ungrouped } : {}),
        });
      } else {
        process.stdout.write(
          `Evaluated ${results.length} conversation(s) of run ${runId} as run ${run.id} (suite ${suite.name || '-'}${judgeSpec ? `, judge ${judgeSpec.provider}:${judgeSpec.model}` : ''})\n\n`,
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
