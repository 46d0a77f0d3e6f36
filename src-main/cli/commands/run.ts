import { speechRunOptions, withSpeechFlags, type SpeechCliOptions } from '../speech-flags.js';
import { formatAudioSummary } from '../text/audio-text.js';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { toRunReport } from '../../../src-shared/run/report.js';
import { SEVERITIES, type ModelSpec, type RunOptions } from '../../../src-shared/schemas/index.js';
import { failsOnSeverity } from '../../app/problems/failure-groups.js';
import type { App } from '../../app/index.js';
import { allTestsOk, type RunHandle, type RunOutcome } from '../../engine/index.js';
import { toJUnitXmlRuns } from '../../reports/junit.js';
import { preflightOrExit } from '../run-preflight.js';
import { portableRun } from '../../reports/run-export.js';
import { compareStoredRuns } from '../../app/compare-runs.js';
import { formatMatrixText } from '../text/format-matrix.js';
import { CliError } from '../errors.js';
import { parseSeverity } from '../severity-option.js';
import { checkForceFlag, checkRunFlags, checkRunSize } from '../run-caps.js';
import { info, printJson } from '../output.js';
import { withDbOption } from '../store-option.js';
import { useApp } from '../use-app.js';
import { resolveAgent, resolveTests } from '../run-inputs.js';
import { progress } from '../run-progress.js';
import { printText } from '../text/run-text.js';
import { withinBudget } from '../../../src-shared/latency/budget.js';
import { specFromFlags } from '../model-flags.js';
import { runLatencyReport } from '../../../src-shared/latency/run-latency-report.js';

interface RunCliOptions {
  db?: string;
  agent?: string;
  tests?: string;
  agentModel: string[];
  callerModel?: string;
  judgeModel?: string;
  agentParams?: string;
  callerParams?: string;
  judgeParams?: string;
  repeat?: string;
  concurrency?: string;
  maxTurns?: string;
  test: string[];
  json?: boolean;
  verbose?: boolean;
  junit?: string;
  resume?: string;
  testModelPrecedence?: boolean;
  groupFailures?: boolean;
  failOnSeverity?: string;
  turnQuality?: boolean;
  context?: string;
  judgeRepeats?: string;
  callerFidelity?: boolean;
  judgeReasoning?: string;
  persona: string[];
  shard?: string;
  force?: boolean;
  allowTestEndpoints?: boolean;
}
type RunCliFlags = RunCliOptions & SpeechCliOptions;

const collect = (v: string, prev: string[]) => [...prev, v];

function positiveInt(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${flag}: expected a positive integer, got "${v}"`);
  return n;
}

/** `--shard K/N`: the K-th of N slices of the plan (1-based). */
function parseShard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || index < 1 || count < 1 || index > count || count > 1000)
    throw new CliError(`--shard: expected K/N with 1 <= K <= N <= 1000 (e.g. 2/4), got "${v}"`);
  return { index, count };
}

function judgeReasoning(v: string): 'short' | 'full' {
  if (v === 'short' || v === 'full') return v;
  throw new CliError(`--judge-reasoning: expected short or full, got "${v}"`);
}

function contextPolicy(v: string): 'end' | 'trim' {
  if (v === 'end' || v === 'trim') return v;
  throw new CliError(`--context: expected end or trim, got "${v}"`);
}

function spec(flag: string, value: string, params?: { flag: string; text?: string }): ModelSpec {
  return specFromFlags({ flag, value }, params);
}

async function execute(app: App, opts: RunCliFlags): Promise<number> {
  const speech = speechRunOptions(opts);
  const { store } = app;
  const options: Partial<RunOptions> = {
    concurrency: positiveInt('--concurrency', opts.concurrency) ?? 4,
    repeats: positiveInt('--repeat', opts.repeat),
    max_turns: positiveInt('--max-turns', opts.maxTurns),
    ...(opts.judgeRepeats ? { judge_repeats: positiveInt('--judge-repeats', opts.judgeRepeats) } : {}),
    ...(opts.test.length ? { tests: opts.test } : {}),
    ...(opts.testModelPrecedence ? { test_model_precedence: true } : {}),
    ...(opts.turnQuality ? { turn_quality: true } : {}),
    ...(opts.callerFidelity ? { caller_fidelity: true } : {}),
    ...(opts.context ? { context: contextPolicy(opts.context) } : {}),
    ...(opts.judgeReasoning ? { judge_reasoning: judgeReasoning(opts.judgeReasoning) } : {}),
    ...(opts.persona.length ? { personas: opts.persona } : {}),
    ...(opts.failOnSeverity ? { fail_on_severity: parseSeverity(opts.failOnSeverity) } : {}),
    ...(opts.shard ? { shard: parseShard(opts.shard) } : {}),
    ...(speech ? { speech } : {}),
  };
  checkRunFlags(options);
  checkForceFlag(opts);
  if (opts.resume && (opts.agentParams || opts.callerParams || opts.judgeParams))
    throw new CliError(
      '--resume continues a run with the models it was started with; drop --agent-params, --caller-params and --judge-params',
    );
  const agentParams = { flag: '--agent-params', text: opts.agentParams };
  // a role without its own model shares the agent's loaded model, parameters included (one load, not two)
  for (const [role, model, params] of [
    ['caller', opts.callerModel, opts.callerParams],
    ['judge', opts.judgeModel, opts.judgeParams],
  ] as const)
    if (params && !model)
      throw new CliError(
        `--${role}-params needs its own model (--${role}-model SPEC): without one the ${role} shares the agent model and its --agent-params`,
      );
  const callerSpec = opts.callerModel
    ? spec('--caller-model', opts.callerModel, { flag: '--caller-params', text: opts.callerParams })
    : undefined;
  const judgeSpec = opts.judgeModel
    ? spec('--judge-model', opts.judgeModel, { flag: '--judge-params', text: opts.judgeParams })
    : undefined;
  // a test file's own models (llm_model) may only call hosts the user configured (engine/model-io/test-endpoints.ts)
  const testEndpoints = {
    allowAll: opts.allowTestEndpoints,
    howToAllow:
      'pass --allow-test-endpoints to let this test file use the hosts and model files it names (or add the endpoint or models folder on the Models page)',
  };

  const jobs: { label: string; begin: () => Promise<RunHandle> }[] = [];
  if (opts.resume) {
    const run = store.runs.get(opts.resume);
    if (!run) throw new CliError(`--resume: run "${opts.resume}" not found (parley runs list shows them)`);
    if (!run.models.agent) throw new CliError(`--resume: run ${run.id} has no agent model recorded`);
    store.runs.markOrphansInterrupted(); // a process that died since the store was opened holds no lock
    const live = ['running', 'queued'].includes(store.runs.require(run.id).status);
    // still live by its run lock (store/run-lock.ts), not by a PID that may have been reused
    if (live && !opts.force)
      throw new CliError(
        `--resume: run ${run.id} is still ${run.status} in another process (PID ${store.runs.ownerPid(run.id) ?? 'unknown'}, which holds the run's lock); if that process is hung, stop it, or add --force to take the run over`,
      );
    if (live) info(`--force: took run ${run.id} over from the process that still held it`);
    await preflightOrExit(
      app,
      [{ agent: run.models.agent.spec, caller: run.models.caller?.spec, judge: run.models.judge?.spec }],
      undefined,
      opts.json,
    );
    jobs.push({
      label: run.id,
      begin: () => app.runs.resume(run.id, {}, { force: opts.force, testEndpoints, checked: true }),
    });
  } else {
    if (!opts.agent || !opts.tests || !opts.agentModel.length)
      throw new CliError(
        'parley run needs --agent <agent>, --tests <file|suite> and --agent-model SPEC (or --resume RUN)',
      );
    const agentSpecs = opts.agentModel.map((s) => spec('--agent-model', s, agentParams));
    // A model matrix shares one caller and one judge (the first agent model unless given), so only the agent differs.
    const sharedCaller = callerSpec ?? (agentSpecs.length > 1 ? agentSpecs[0] : undefined);
    const sharedJudge = judgeSpec ?? (agentSpecs.length > 1 ? agentSpecs[0] : undefined);
    const agent = resolveAgent(store, opts.agent);
    const suite = resolveTests(store, opts.tests);
    checkRunSize(suite.data, options);
    // issue 14: every distinct model answers once before any run is written (exit 2 otherwise)
    await preflightOrExit(
      app,
      agentSpecs.map((a) => ({ agent: a, caller: sharedCaller, judge: sharedJudge })),
      { graph: agent.graph, suite: suite.data },
      opts.json,
    );
    const ownModels = suite.data.tests.filter((t) => t.llm_model !== undefined);
    if (ownModels.length && !opts.testModelPrecedence) {
      info(
        `note: ${ownModels.length} test${ownModels.length === 1 ? '' : 's'} name${ownModels.length === 1 ? 's' : ''} an agent model (llm_model: ${[...new Set(ownModels.map((t) => t.llm_model))].join(', ')}); it is used only with --test-model-precedence, so this run uses --agent-model for every test`,
      );
    }
    for (const agentSpec of agentSpecs) {
      jobs.push({
        label: `${agentSpec.provider}:${path.basename(agentSpec.model)}`,
        begin: () =>
          app.runs.start({
            agent: agent.id,
            agent_version: agent.version_id,
            suite,
            models: { agent: agentSpec, caller: sharedCaller, judge: sharedJudge },
            options,
            testEndpoints,
            checked: true,
          }),
      });
    }
  }

  const outcomes: RunOutcome[] = [];
  for (const job of jobs) {
    const handle = await job.begin();
    const bar = progress(job.label);
    handle.subscribe(bar.onEvent);
    const onSigint = () => {
      info('\ncancelling (finished conversations are kept; parley run --resume continues)');
      handle.cancel('cancelled by the user (Ctrl-C)');
    };
    process.once('SIGINT', onSigint);
    const outcome = await handle.done;
    process.off('SIGINT', onSigint);
    bar.end();
    outcomes.push(outcome);
    if (outcome.run.status === 'cancelled') break;
  }

  // Failure grouping: one judge-model call per run with failures, stored with the run.
  let problemsFail = false;
  if (opts.groupFailures || opts.failOnSeverity) {
    for (const [i, o] of outcomes.entries()) {
      if (o.run.status !== 'completed' || o.run.summary.failed + o.run.summary.errored === 0) continue;
      const judgeSpec = o.run.models.judge?.spec ?? o.run.models.agent?.spec;
      if (!judgeSpec) continue;
      info(
        `${o.run.id}: grouping ${o.run.summary.failed + o.run.summary.errored} failed conversation(s) into problems with ${judgeSpec.provider}:${path.basename(judgeSpec.model)}...`,
      );
      let run;
      try {
        run = await app.runs.groupFailures(o.run.id, judgeSpec);
      } catch (e) {
        throw new CliError(`grouping the failures of run ${o.run.id}: ${(e as Error).message}`);
      }
      outcomes[i] = { ...o, run };
      if (options.fail_on_severity && run.problems && failsOnSeverity(run.problems.groups, options.fail_on_severity))
        problemsFail = true;
    }
  }

  if (opts.junit)
    fs.writeFileSync(
      opts.junit,
      toJUnitXmlRuns(outcomes.map((o) => ({ run: portableRun(o.run), results: o.results }))),
    );
  if (opts.json) {
    const reports = outcomes.map((o) => ({ ...toRunReport(o.run, o.results), tests: o.tests }));
    printJson(
      reports.length === 1
        ? reports[0]
        : {
            runs: reports,
            comparison: compareStoredRuns(
              store,
              outcomes.map((o) => o.run.id),
            ),
          },
    );
  } else {
    outcomes.forEach((o, i) => {
      if (i) process.stdout.write('\n');
      printText(o, opts.verbose);
      process.stdout.write(formatAudioSummary(o.results));
    });
    if (outcomes.length > 1)
      process.stdout.write(
        `\nModel matrix\n${formatMatrixText(
          compareStoredRuns(
            store,
            outcomes.map((o) => o.run.id),
          ),
        )}\n`,
      );
  }
  if (outcomes.some((o) => o.run.status === 'failed')) return 2;
  // a run over its latency budget fails the run-level check: exit 1, like a failed test (docs/latency.md)
  const overBudget = outcomes.some((o) => !withinBudget(runLatencyReport(o.run, o.results)?.budget ?? []));
  const ok = outcomes.every((o) => o.run.status === 'completed' && allTestsOk(o.tests)) && !problemsFail && !overBudget;
  return ok ? 0 : 1;
}

export function registerRun(program: Command): void {
  withDbOption(
    withSpeechFlags(program.command('run'))
      .description('run a test suite against an agent: simulated callers, judged transcripts, stored results')
      .option('--agent <agent>', 'agent: id, unique name, or an agent file (stored as a new version)')
      .option('--tests <file|suite>', 'test file (Parley suite or voicetest tests) or stored suite (id or name)')
      .option(
        '--agent-model <spec>',
        'agent model SPEC: llama-cpp:PATH.gguf, ollama:NAME[@URL], openai:NAME[@BASE_URL], scripted:FILE (repeat to run the suite once per model)',
        collect,
        [],
      )
      .option('--caller-model <spec>', 'simulated caller model SPEC (default: the agent model)')
      .option('--judge-model <spec>', 'judge model SPEC (default: the agent model)')
      .option(
        '--agent-params <k=v,...>',
        "the agent model's parameters, e.g. temperature=0.3,seed=7 (temperature, top_p, seed, max_tokens, context_size...; default: the server's or the model's own)",
      )
      .option('--caller-params <k=v,...>', "with --caller-model: the caller model's parameters (as --agent-params)")
      .option('--judge-params <k=v,...>', "with --judge-model: the judge model's parameters (as --agent-params)")
      .option('--repeat <n>', "run every test N times (overrides the tests' repeats)")
      .option('--concurrency <n>', 'conversations at once (default 4)')
      .option('--max-turns <n>', 'caller turns per conversation (overrides the tests; default 20)')
      .option('--test <name>', 'only this test (repeatable)', collect, [])
      .option(
        '--caller-fidelity',
        'after each conversation the judge scores whether the simulated caller stayed in character and pursued its goal; a caller that broke character marks the conversation "invalid caller", counted apart from agent failures',
      )
      .option(
        '--judge-repeats <n>',
        'judge every conversation N times and keep the majority verdict; metrics whose verdicts flip are reported as "unstable judge" (1 to 9, default 1)',
      )
      .option(
        '--context <policy>',
        "a conversation that outgrows the model's context: end (default; end reason context_full, judged on what happened) or trim (drop the oldest turns)",
      )
      .option(
        '--judge-reasoning <length>',
        "a verdict's reasoning: short (default; one sentence, at most 120 characters) or full (up to 300)",
      )
      .option(
        '--test-model-precedence',
        "a test's llm_model replaces the agent model for that test (voicetest's test_model_precedence)",
      )
      .option(
        '--persona <persona>',
        'persona x scenario matrix: run every test once with this library persona (id or name; repeatable)',
        collect,
        [],
      )
      .option(
        '--allow-test-endpoints',
        "with --test-model-precedence: let tests' own models call hosts you have not configured (they receive your API key) and open model files outside your models' folders",
      )
      .option(
        '--turn-quality',
        'score every agent turn (helpfulness, coherence, relevance, faithfulness, verbosity) with the judge model: one call per turn',
      )
      .option(
        '--group-failures',
        'after the run, group its failures into problems with the judge model (one call; stored with the run)',
      )
      .option(
        '--fail-on-severity <level>',
        `exit 1 when a grouped problem is at or above ${SEVERITIES.join('|')} (implies --group-failures)`,
      )
      .option('--json', 'print the run report as JSON')
      .option('--verbose', 'print whole error messages (the table shows their first line)')
      .option('--junit <file>', 'also write a JUnit XML report')
      .option('--resume <run>', 'continue a cancelled or interrupted run (skips finished conversations)')
      .option(
        '--shard <k/n>',
        'run only the K-th of N slices of the conversations (split a suite across CI machines; parley runs merge joins them)',
      )
      .option('--force', 'with --resume: take over a run another process still holds (a hung process)'),
  ).action(async (opts: RunCliFlags) => {
    process.exitCode = await useApp(opts, (app) => execute(app, opts));
  });
}
