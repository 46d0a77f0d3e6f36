import { redactionLine } from '../../../src-shared/run/redaction.js';
import { ENDPOINT_COLUMNS, endpointErrorLines, endpointRows } from '../../../src-shared/text/endpoint-stats-text.js';
import type { Command } from 'commander';
import { runPassRate } from '../../../src-shared/run/report.js';
import { demoNote, scriptedRoles } from '../../../src-shared/run/demo.js';
import { copiedFromText } from '../../../src-shared/run/copied.js';
import { AppError, isFilePath, type MergeJobResult } from '../../app/index.js';
import type { Run } from '../../../src-shared/schemas/index.js';
import { plainReport } from '../plain-report.js';
import { mergeText } from '../text/merge-text.js';
import { formatJudgementsText } from '../text/format-judgements.js';
import { humanAgreementLines } from '../text/format-human-agreement.js';
import { formatProportion } from '../../../src-shared/stats/index.js';
import { RunStatus } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { printJson, printTable, shortDate } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';
import { modelsLine } from '../text/models-text.js';
import { latencyText } from '../text/latency-text.js';
import { resultFactsSections, runHeaderNotes } from '../text/result-facts-text.js';
import { speechLabel } from '../../../src-shared/run/speech-label.js';
import { speechText } from '../text/speech-text.js';
import { verdictFlips } from '../../../src-shared/speech/verdict-flips.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';
import { redteamText } from '../text/redteam-text.js';
import { resultDetail } from '../text/run-failures-text.js';

/** Runs of a filter, newest first, up to `limit`: pages of the method's largest page (1000) until it is reached. */
async function listRuns(page: (p: { limit: number; offset: number }) => Promise<Run[]>, limit: number): Promise<Run[]> {
  const list: Run[] = [];
  while (list.length < limit) {
    const size = Math.min(1000, limit - list.length);
    const got = await page({ limit: size, offset: list.length });
    list.push(...got);
    if (got.length < size) break;
  }
  return list;
}

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
    useApp(opts, async (_app, door) => {
      if (opts.status && !RunStatus.safeParse(opts.status).success)
        throw new CliError(`--status: expected one of ${RunStatus.options.join(', ')}, got "${opts.status}"`);
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new CliError(`--limit: expected a positive integer, got "${opts.limit}"`);
      const filter = { agent: opts.agent, status: opts.status as RunStatus | undefined, model: opts.model };
      let list: Run[];
      try {
        list = await listRuns((page) => door.call('runs.list', { ...filter, ...page }), limit);
      } catch (e) {
        // as the CLI has always said it: no "(parley agents list shows them)" hint, exit 1
        if (e instanceof AppError && e.error.code === 'not_found' && e.error.path === 'agent')
          throw new CliError(e.message, 1);
        throw e;
      }
      if (opts.json) return printJson(list);
      if (!list.length) {
        process.stdout.write('No runs yet. Start one: parley run --agent <agent> --tests <file> --agent-model SPEC\n');
        return;
      }
      // voice runs are marked with how they used speech (a column only when one did)
      const voice = list.some((r) => speechLabel(r.options.speech));
      printTable(
        [
          'ID',
          'STATUS',
          'AGENT',
          'SUITE',
          'PASS',
          'FAIL',
          'ERR',
          'RATE (95%)',
          'MODEL',
          ...(voice ? ['SPEECH'] : []),
          'CREATED',
        ],
        list.map((r) => [
          r.id,
          r.demo ? `${r.status} (demo)` : r.status,
          r.agent_name,
          r.suite_name,
          String(r.summary.passed),
          String(r.summary.failed),
          String(r.summary.errored),
          formatProportion(runPassRate(r)),
          r.models.agent ? modelLabel(r.models.agent.spec, r.models.agent.identity) : '-',
          ...(voice ? [speechLabel(r.options.speech) ?? 'text'] : []),
          shortDate(r.created_at),
        ]),
      );
    }),
  );

  withDbOption(
    runs
      .command('merge <runs-or-files...>')
      .description(
        'join the shards of one run (parley run --shard K/N) into a single run: give the shard run ids, or the database files the CI machines wrote (their finished shard runs are copied in first)',
      )
      .option('--json', 'print JSON'),
  ).action((refs: string[], opts: { db?: string; json?: boolean }) =>
    useApp(opts, async (app, door) => {
      const { followJob } = await import('../job-progress.js');
      // a ref naming a file on this machine is a database another machine wrote; the others are shard runs here
      const files = refs.filter(isFilePath);
      const ids = refs.filter((r) => !isFilePath(r));
      const job = await app.runs.merge({ ids, files });
      const run = await followJob(job, { quiet: opts.json });
      const merge = job.info().result as MergeJobResult;
      if (opts.json)
        return printJson({
          ...plainReport(await door.call('runs.report', { id: run.id })),
          merge: { already_merged: merge.already_merged, copied: merge.copied, reused: merge.reused },
        });
      process.stdout.write(`${mergeText(refs.length, run, merge)}\nparley runs show ${run.id}\n`);
      if (run.summary.failed + run.summary.errored) process.exitCode = 1;
    }),
  );

  withDbOption(
    runs.command('show <run>').description('show a run with its results').option('--json', 'print JSON'),
  ).action((id: string, opts: { db?: string; json?: boolean }) =>
    useApp(opts, async (_app, door) => {
      const report = await door.call('runs.report', { id });
      if (opts.json) return printJson(report);
      const [{ run }, results] = await Promise.all([
        door.call('runs.get', { id: report.run_id }),
        door.call('runs.results', { id: report.run_id }),
      ]);
      const { judgements: judged, human_agreement: human } = report;
      process.stdout.write(
        `${run.id}  ${run.status}${run.demo ? '  DEMO' : ''}  agent ${run.agent_name}  suite ${run.suite_name}\n${modelsLine(run.models)}\n${runHeaderNotes(run, report.fitness)}`,
      );
      if (run.demo) process.stdout.write(`${demoNote(scriptedRoles(run.models))}\n`);
      if (run.options.redaction) process.stdout.write(`${redactionLine(run.options.redaction)}\n`);
      const copied = copiedFromText(run);
      if (copied)
        process.stdout.write(`${copied}: its stored models and speech engines are not used unless you name them\n`);
      process.stdout.write(
        `passed ${report.passed}  failed ${report.failed}  errored ${report.errored}${report.context_full ? `  (${report.context_full} ended when the context was full)` : ''}${run.summary.invalid_caller ? `  (${run.summary.invalid_caller} invalid caller)` : ''}  pass rate ${formatProportion(report.pass_rate)}${run.error ? `\nrun ${run.status}: ${run.error}` : ''}\n\n`,
      );
      const full = new Map(results.map((r) => [r.id, r]));
      printTable(
        ['TEST', 'REPEAT', 'STATUS', 'END', 'TURNS', 'MS', 'DETAIL'],
        report.results.map((r) => {
          const result = full.get(r.id);
          return [
            r.test,
            String(r.repeat + 1), // 1-based for people, as `parley run` prints it (JSON keeps the 0-based index)
            r.status,
            r.end_reason,
            String(r.turns),
            String(Math.round(r.duration_ms)),
            // an error in full, as before; a failure's first failed check (a red-team finding: detector, turn, words)
            r.status === 'error' || !result ? (r.error ?? '') : resultDetail(result),
          ];
        }),
      );
      const { suite } = await door.call('runs.suite', { id: run.id });
      if (suite?.tests.some((t) => t.redteam)) {
        const attacks = await door.call('redteam.report', { run_id: run.id });
        // the header's DEMO note is said once above
        process.stdout.write(`\n${redteamText({ ...attacks, demo: false }).join('\n')}\n`);
      }
      for (const section of resultFactsSections(run, results)) process.stdout.write(`\n${section}`);
      const latency = latencyText(report.latency);
      if (latency) process.stdout.write(`\n${latency}`);
      const speech = speechText(report.speech_figures, verdictFlips(results));
      if (speech) process.stdout.write(`\n${speech}`);
      if (run.endpoint_stats?.length) {
        process.stdout.write('\nEndpoints\n');
        printTable([...ENDPOINT_COLUMNS], endpointRows(run.endpoint_stats));
        for (const line of endpointErrorLines(run.endpoint_stats)) process.stdout.write(`${line}\n`);
      }
      if (judged) process.stdout.write(`\n${formatJudgementsText(judged)}`);
      if (human) process.stdout.write(`\n${humanAgreementLines(human)}`);
    }),
  );
}
