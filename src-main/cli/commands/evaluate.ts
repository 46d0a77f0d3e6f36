import fs from 'node:fs';
import type { Command } from 'commander';
import { toRunReport } from '../../../src-shared/run-report.js';
import { parseModelSpec, type TestSuite } from '../../../src-shared/schemas/index.js';
import { failsOnSeverity, groupFailures, SEVERITIES, type FailureGrouping } from '../../compare/failure-groups.js';
import type { ChatModel } from '../../providers/types.js';
import type { Store } from '../../store/index.js';
import { CliError } from '../errors.js';
import { parseSeverity } from '../severity-option.js';
import { info, printJson, printTable } from '../output.js';
import { useStore, withDbOption } from '../store-option.js';

/** `--tests <file|suite>`: a stored suite (id or unique name), else a suite file (Parley or voicetest tests). */
export async function resolveSuite(store: Store, ref: string): Promise<{ suite: TestSuite; suiteId: string | null }> {
  const stored = store.suites.find(ref);
  if (stored) return { suite: stored.data, suiteId: stored.id };
  if (!fs.existsSync(ref)) throw new CliError(`--tests: "${ref}" is neither a stored suite nor a file`, 2);
  const { parseAgentFile } = await import('../../formats/parse-file.js');
  const parsed = parseAgentFile(fs.readFileSync(ref, 'utf8'), ref);
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
  ).action((runId: string, opts: EvaluateCliOptions) =>
    useStore(opts, async (store) => {
      const threshold = opts.failOnSeverity ? parseSeverity(opts.failOnSeverity) : undefined;
      if (!store.runs.get(runId)) throw new CliError(`run "${runId}" not found (parley runs list shows them)`, 1);
      const { suite, suiteId } = await resolveSuite(store, opts.tests);
      // Loaded on use: the engine and the providers are not needed by the other commands.
      const { EvaluateError, evaluateRun } = await import('../../calls/evaluate.js');
      const { createProviderRegistry } = await import('../../providers/registry.js');
      const registry = createProviderRegistry();
      try {
        let judge: ChatModel | undefined;
        if (opts.judgeModel) {
          try {
            judge = await registry.load(parseModelSpec(opts.judgeModel));
          } catch (e) {
            throw new CliError(`--judge-model: ${(e as Error).message}`);
          }
        }
        let outcome;
        try {
          outcome = await evaluateRun(store, runId, {
            suite,
            suiteId,
            judge,
            test: opts.test,
            onProgress: opts.json ? undefined : (done, total, r) => info(`[${done}/${total}] ${r.test}: ${r.status}`),
          });
        } catch (e) {
          if (e instanceof EvaluateError) throw new CliError(e.message, 2);
          throw e;
        }
        const { run, results } = outcome;
        let grouping: FailureGrouping | undefined;
        if ((opts.groupFailures || opts.failOnSeverity) && results.some((r) => r.status !== 'pass')) {
          if (!judge) throw new CliError('--group-failures needs --judge-model SPEC');
          grouping = await groupFailures(results, judge);
        }
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
            `Evaluated ${results.length} conversation(s) of run ${runId} as run ${run.id} (suite ${suite.name || '-'}${judge ? `, judge ${judge.spec.provider}:${judge.spec.model}` : ''})\n\n`,
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
            `\npassed ${run.summary.passed}  failed ${run.summary.failed}  errored ${run.summary.errored}\n`,
          );
          if (grouping) {
            process.stdout.write('\nPROBLEMS\n');
            for (const g of grouping.groups)
              process.stdout.write(`  [${g.severity}] ${g.label} (${g.occurrences}x): ${g.description}\n`);
            if (grouping.ungrouped.length)
              process.stdout.write(`  ${grouping.ungrouped.length} failure(s) not grouped\n`);
          }
          process.stdout.write(`\nCompare with another evaluation: parley diff <run> ${run.id}\n`);
        }
        if (failed) process.exitCode = 1;
      } finally {
        await registry.close();
      }
    }),
  );
}
