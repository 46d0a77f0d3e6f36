import type { Command } from 'commander';
import { plainReport } from '../plain-report.js';
import { parseModelSpec, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { countsLine } from '../text/format-diff.js';
import { CliError } from '../errors.js';
import { conversationLines, followJob, JobProgress } from '../job-progress.js';
import { printJson, printTable } from '../output.js';
import { withDbOption } from '../use-app.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

interface ReplayCliOptions {
  db?: string;
  agentModel?: string;
  judgeModel?: string;
  agentVersion?: string;
  concurrency?: string;
  json?: boolean;
}

const spec = (flag: string, v: string): ModelSpec => {
  try {
    return parseModelSpec(v);
  } catch (e) {
    throw new CliError(`${flag}: ${(e as Error).message}`);
  }
};

export function registerReplay(program: Command): void {
  withDbOption(
    program
      .command('replay <run>')
      .description(
        "replay the caller side of a run (recorded caller turns as a scripted caller) against the agent's current graph; gives a new run to diff with the original",
      )
      .option('--agent-model <spec>', "agent model SPEC (default: the run's agent model; required for imported calls)")
      .option(
        '--judge-model <spec>',
        "judge model SPEC for the suite's metrics (default: the run's judge, else the agent model)",
      )
      .option('--agent-version <n>', 'replay against this agent version instead of the latest')
      .option('--concurrency <n>', "conversations at once (default: the run's)")
      .option('--json', 'print JSON'),
  ).action(async (runId: string, opts: ReplayCliOptions) => {
    const concurrency = opts.concurrency !== undefined ? Number(opts.concurrency) : undefined;
    if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
      throw new CliError(`--concurrency: expected a positive integer, got "${opts.concurrency}"`);
    const agentModel = opts.agentModel ? spec('--agent-model', opts.agentModel) : undefined;
    const judgeModel = opts.judgeModel ? spec('--judge-model', opts.judgeModel) : undefined;
    // Loaded on use: the engine and the providers are not needed by the other commands.
    const { useApp } = await import('../use-app.js');
    await useApp(
      opts,
      async (app, door) => {
        // not found: `run "x" not found (parley runs list shows them)`, exit 1 (cli/errors.ts)
        const { run: original } = await door.call('runs.get', { id: runId });
        if (!agentModel && !original.models.agent)
          throw new CliError(
            `run ${runId} is ${original.kind === 'imported' ? 'an imported run' : 'a run'} without an agent model; give --agent-model SPEC`,
          );
        const bar = new JobProgress('replay');
        const handle = await app.runs.replay(
          {
            run_id: runId,
            agent_version: opts.agentVersion,
            agent_model: agentModel,
            judge_model: judgeModel,
            concurrency,
          },
          { onEvent: conversationLines(bar) },
        );
        const { run, results } = await followJob(handle, { onInterrupt: 'finished conversations are kept' }, bar);
        const agentSpec = run.models.agent?.spec;
        const diff = await door.call('compare.diff', { a: runId, b: run.id });
        if (opts.json) {
          printJson({
            ...plainReport(await door.call('runs.report', { id: run.id })),
            parent_run_id: run.parent_run_id,
            diff: { summary: diff.summary, graph_changes: diff.graph_changes },
          });
        } else {
          process.stdout.write(
            `Replayed ${results.length} conversation(s) of run ${runId} as run ${run.id} (agent ${run.agent_name} v${diff.b.agent_version ?? '?'}, ${agentSpec ? modelLabel(agentSpec) : '-'})\n\n`,
          );
          printTable(
            ['TEST', 'REPEAT', 'STATUS', 'END', 'TURNS'],
            results.map((r) => [r.test, String(r.repeat), r.status, r.end_reason, String(r.turns)]),
          );
          process.stdout.write(
            `\nAgainst the original: ${countsLine(diff)}${diff.graph_changes ? `; ${diff.graph_changes.length} agent change(s)` : ''}\nDetails: parley diff ${runId} ${run.id}\n`,
          );
        }
        if (run.status !== 'completed' || results.some((r) => r.status === 'fail' || r.status === 'error'))
          process.exitCode = 1;
      },
      { agent_version_id: '--agent-version', agent_model: '--agent-model' },
    );
  });
}
