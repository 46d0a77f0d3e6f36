import { storedJudgementsReport } from '../../compare/stored-judgements.js';
import { formatJudgementsText } from '../../compare/format-judgements.js';
import { formatProportion } from '../../../src-shared/stats/index.js';
import type { Command } from 'commander';
import { runPassRate, toRunReport } from '../../../src-shared/run-report.js';
import { RunStatus } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { printJson, printTable, shortDate } from '../output.js';
import { useStore, withDbOption } from '../store-option.js';

export function registerRuns(program: Command): void {
  const runs = program.command('runs').description('list and show stored runs');

  withDbOption(
    runs
      .command('list')
      .description('list runs, newest first')
      .option('--json', 'print JSON')
      .option('--agent <agent>', 'only runs of this agent (id or name)')
      .option('--status <status>', `only runs with this status (${RunStatus.options.join(', ')})`)
      .option('--model <text>', 'only runs whose models mention this text')
      .option('--limit <n>', 'at most this many', '50'),
  ).action((opts: { db?: string; json?: boolean; agent?: string; status?: string; model?: string; limit: string }) =>
    useStore(opts, (store) => {
      let agent_id: string | undefined;
      if (opts.agent) {
        const a = store.agents.find(opts.agent);
        if (!a) throw new CliError(`agent "${opts.agent}" not found`, 1);
        agent_id = a.id;
      }
      if (opts.status && !RunStatus.safeParse(opts.status).success)
        throw new CliError(`--status: expected one of ${RunStatus.options.join(', ')}, got "${opts.status}"`);
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new CliError(`--limit: expected a positive integer, got "${opts.limit}"`);
      const list = store.runs.list({
        agent_id,
        status: opts.status as RunStatus | undefined,
        model: opts.model,
        limit,
      });
      if (opts.json) return printJson(list);
      if (!list.length) {
        process.stdout.write('No runs yet. Start one: parley run --agent <agent> --tests <file> --agent-model SPEC\n');
        return;
      }
      printTable(
        ['ID', 'STATUS', 'AGENT', 'SUITE', 'PASS', 'FAIL', 'ERR', 'RATE (95%)', 'MODEL', 'CREATED'],
        list.map((r) => [
          r.id,
          r.status,
          r.agent_name,
          r.suite_name,
          String(r.summary.passed),
          String(r.summary.failed),
          String(r.summary.errored),
          formatProportion(runPassRate(r)),
          r.models.agent ? `${r.models.agent.spec.provider}:${r.models.agent.spec.model}` : '-',
          shortDate(r.created_at),
        ]),
      );
    }),
  );

  withDbOption(
    runs.command('show <run>').description('show a run with its results').option('--json', 'print JSON'),
  ).action((id: string, opts: { db?: string; json?: boolean }) =>
    useStore(opts, (store) => {
      const run = store.runs.get(id);
      if (!run) throw new CliError(`run "${id}" not found (parley runs list shows them)`, 1);
      const report = toRunReport(run, store.results.listByRun(run.id));
      const judged = storedJudgementsReport(store, run.id);
      if (opts.json) return printJson(judged ? { ...report, judgements: judged } : report);
      process.stdout.write(`${run.id}  ${run.status}  agent ${run.agent_name}  suite ${run.suite_name}\n`);
      process.stdout.write(
        `passed ${report.passed}  failed ${report.failed}  errored ${report.errored}  pass rate ${formatProportion(report.pass_rate)}\n\n`,
      );
      printTable(
        ['TEST', 'REPEAT', 'STATUS', 'END', 'TURNS', 'MS', 'ERROR'],
        report.results.map((r) => [
          r.test,
          String(r.repeat),
          r.status,
          r.end_reason,
          String(r.turns),
          String(Math.round(r.duration_ms)),
          r.error ?? '',
        ]),
      );
      if (judged) process.stdout.write(`\n${formatJudgementsText(judged)}`);
    }),
  );
}
