import fs from 'node:fs';
import type { Command } from 'commander';
import { plural } from '../../../src-shared/text/plural.js';
import { SEVERITIES, type ModelSpec, type RunOptions } from '../../../src-shared/schemas/index.js';
import {
  modelMatrix,
  portableRun,
  preflightText,
  runPassed,
  toJUnitXmlRuns,
  type App,
  type CliDoor,
  type RunJob,
  type RunOutcome,
} from '../../app/index.js';
import { plainReport } from '../plain-report.js';
import { speechRunOptions, withSpeechFlags, type SpeechCliOptions } from '../speech-flags.js';
import { formatMatrixText } from '../text/format-matrix.js';
import { printText } from '../text/run-text.js';
import { CliError } from '../errors.js';
import { choiceFlag, collect, intFlag } from '../flags.js';
import { conversationLines, followJob, JobProgress } from '../job-progress.js';
import { specFromFlags } from '../model-flags.js';
import { info, printJson } from '../output.js';
import { parseSeverity } from '../severity-option.js';
import { useApp, withDbOption } from '../use-app.js';
import {
  overProject,
  projectDefaults,
  withProjectFlags,
  type ProjectCliOptions,
  type ProjectDefaults,
} from '../project-run.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

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
type RunCliFlags = RunCliOptions & SpeechCliOptions & ProjectCliOptions;

/** `--shard K/N`: the K-th of N slices of the plan (1-based). */
function parseShard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || index < 1 || count < 1 || index > count || count > 1000)
    throw new CliError(`--shard: expected K/N with 1 <= K <= N <= 1000 (e.g. 2/4), got "${v}"`);
  return { index, count };
}

/** The run options the flags ask for (their ranges are checked again, with the same caps, by the application). */
function runOptions(opts: RunCliFlags, project?: ProjectDefaults): Partial<RunOptions> {
  const speech = speechRunOptions(opts);
  return overProject(flagOptions(opts, speech), { concurrency: opts.concurrency !== undefined }, project);
}

function flagOptions(opts: RunCliFlags, speech: RunOptions['speech']): Partial<RunOptions> {
  return {
    concurrency: intFlag('--concurrency', opts.concurrency) ?? 4,
    repeats: intFlag('--repeat', opts.repeat),
    max_turns: intFlag('--max-turns', opts.maxTurns),
    ...(opts.judgeRepeats ? { judge_repeats: intFlag('--judge-repeats', opts.judgeRepeats) } : {}),
    ...(opts.test.length ? { tests: opts.test } : {}),
    ...(opts.testModelPrecedence ? { test_model_precedence: true } : {}),
    ...(opts.turnQuality ? { turn_quality: true } : {}),
    ...(opts.callerFidelity ? { caller_fidelity: true } : {}),
    ...(opts.context ? { context: choiceFlag('--context', opts.context, ['end', 'trim'] as const) } : {}),
    ...(opts.judgeReasoning
      ? { judge_reasoning: choiceFlag('--judge-reasoning', opts.judgeReasoning, ['short', 'full'] as const) }
      : {}),
    ...(opts.persona.length ? { personas: opts.persona } : {}),
    ...(opts.failOnSeverity ? { fail_on_severity: parseSeverity(opts.failOnSeverity) } : {}),
    ...(opts.shard ? { shard: parseShard(opts.shard) } : {}),
    ...(speech ? { speech } : {}),
  };
}

/** The caller's and the judge's own models; a params flag needs its model flag (one load, not two). */
function roleSpecs(opts: RunCliFlags): { caller?: ModelSpec; judge?: ModelSpec } {
  const out: { caller?: ModelSpec; judge?: ModelSpec } = {};
  for (const [role, model, params] of [
    ['caller', opts.callerModel, opts.callerParams],
    ['judge', opts.judgeModel, opts.judgeParams],
  ] as const) {
    if (params && !model)
      throw new CliError(
        `--${role}-params needs its own model (--${role}-model SPEC): without one the ${role} shares the agent model and its --agent-params`,
      );
    if (model)
      out[role] = specFromFlags({ flag: `--${role}-model`, value: model }, { flag: `--${role}-params`, text: params });
  }
  return out;
}

const testEndpointsOf = (opts: RunCliFlags) => ({
  allowAll: opts.allowTestEndpoints,
  howToAllow:
    'pass --allow-test-endpoints to let this test file use the hosts and model files it names (or add the endpoint or models folder on the Models page)',
});

/** Refuses (exit 2, the problems as JSON with --json) when the pre-run check found a model that cannot work. */
function refuseOnModelErrors(problems: Awaited<ReturnType<App['runs']['preflight']>>['problems'], json?: boolean) {
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (warnings.length) info(preflightText(warnings));
  if (!errors.length) return;
  if (json) printJson({ status: 'not_started', problems });
  throw new CliError(
    `the run was not started: ${errors.length === 1 ? 'a model' : `${errors.length} models`} cannot work:\n${preflightText(errors)}`,
  );
}

/** The runs this invocation asks for, each started when its turn comes. */
async function plannedRuns(
  app: App,
  opts: RunCliFlags,
  options: Partial<RunOptions>,
  project?: ProjectDefaults,
): Promise<{ label: string; begin: (hooks: Parameters<App['runs']['start']>[1]) => Promise<RunJob> }[]> {
  if (opts.resume) {
    if (opts.agentParams || opts.callerParams || opts.judgeParams)
      throw new CliError(
        '--resume continues a run with the models it was started with; drop --agent-params, --caller-params and --judge-params',
      );
    const id = opts.resume;
    return [
      {
        label: id,
        begin: async (hooks) => {
          const job = await app.runs.resume(id, hooks, { force: opts.force, testEndpoints: testEndpointsOf(opts) });
          if (job.takenOver) process.stderr.write(`--force: took run ${id} over from the process that still held it\n`);
          return job;
        },
      },
    ];
  }
  if (opts.force)
    throw new CliError('--force: only applies with --resume RUN (it takes over a run a hung process still holds)');
  const agentRef = opts.agent ?? project?.agent;
  const testsRef = opts.tests ?? project?.tests;
  if (!agentRef || !testsRef || !(opts.agentModel.length || project?.agentModels.length))
    throw new CliError(
      'parley run needs --agent <agent>, --tests <file|suite> and --agent-model SPEC (or --resume RUN, or a parley.config.json: parley init writes one)',
    );
  const own = roleSpecs(opts);
  const caller = own.caller ?? project?.caller;
  const judge = own.judge ?? project?.judge;
  const agents = opts.agentModel.length
    ? opts.agentModel.map((value) =>
        specFromFlags({ flag: '--agent-model', value }, { flag: '--agent-params', text: opts.agentParams }),
      )
    : project!.agentModels;
  const configs = modelMatrix(agents, caller, judge);
  const suite = app.runs.suiteFromRef(testsRef, { files: true, path: 'tests' });
  const { agent, note, warnings } = app.runs.agentFromRef(agentRef, { files: true, path: 'agent' });
  for (const w of warnings) info(`warning: ${w.file}: ${w.path || '(top level)'}: ${w.message}`);
  if (note) info(note);
  // every distinct model answers once before any run is written (exit 2 otherwise)
  const check = await app.runs.preflight(configs, agent.graph, suite.data);
  refuseOnModelErrors(check.problems, opts.json);
  const ownModels = [...new Set(suite.data.tests.flatMap((t) => (t.llm_model === undefined ? [] : [t.llm_model])))];
  if (ownModels.length && !opts.testModelPrecedence)
    info(
      `note: ${ownModels.length === 1 ? '1 test names an agent model' : `${ownModels.length} tests name agent models`} (llm_model: ${ownModels.join(', ')}); ${ownModels.length === 1 ? 'it is' : 'they are'} used only with --test-model-precedence, so this run uses --agent-model for every test`,
    );
  return configs.map((models) => ({
    label: modelLabel(models.agent),
    begin: (hooks) =>
      app.runs.start(
        {
          agent: agent.id,
          agent_version: agent.version_id,
          suite,
          models,
          options,
          testEndpoints: testEndpointsOf(opts),
          preflight_id: check.id,
        },
        hooks,
      ),
  }));
}

/** Runs each planned run to its end, one after the other, with the one progress printer. */
async function runAll(app: App, opts: RunCliFlags): Promise<RunOutcome[]> {
  const project = opts.resume ? undefined : await projectDefaults(opts);
  if (project) info(`using ${project.file} (flags override it)`);
  const options = runOptions(opts, project);
  const outcomes: RunOutcome[] = [];
  for (const planned of await plannedRuns(app, opts, options, project)) {
    // stderr: with --json too (stdout holds only the JSON); a CI log shows each conversation as it ends
    const bar = new JobProgress(planned.label);
    const job = await planned.begin({ onEvent: conversationLines(bar) });
    const outcome = await followJob(
      job,
      { onInterrupt: 'finished conversations are kept; parley run --resume continues' },
      bar,
    );
    outcomes.push(outcome);
    if (outcome.run.status === 'cancelled') break;
  }
  return outcomes;
}

/** Failure grouping: one judge-model call per run with failures, stored with the run. */
async function groupFailures(app: App, outcomes: RunOutcome[], quiet?: boolean): Promise<RunOutcome[]> {
  const grouped: RunOutcome[] = [];
  for (const o of outcomes) {
    if (o.run.status !== 'completed' || o.run.summary.failed + o.run.summary.errored === 0) {
      grouped.push(o);
      continue;
    }
    const job = await app.runs.groupFailures(o.run.id);
    info(`${job.info().title}...`);
    grouped.push({ ...o, run: await followJob(job, { quiet }) });
  }
  return grouped;
}

async function execute(app: App, door: CliDoor, opts: RunCliFlags): Promise<number> {
  let outcomes = await runAll(app, opts);
  const failOn = opts.failOnSeverity
    ? parseSeverity(opts.failOnSeverity)
    : outcomes[0]?.run.options.project_file
      ? outcomes[0].run.options.fail_on_severity
      : undefined;
  if (opts.groupFailures || failOn) outcomes = await groupFailures(app, outcomes, opts.json);
  if (opts.junit) {
    fs.writeFileSync(
      opts.junit,
      toJUnitXmlRuns(outcomes.map((o) => ({ run: portableRun(o.run), results: o.results }))),
    );
    // on stderr: --json keeps stdout one JSON document
    process.stderr.write(
      `Wrote the JUnit XML report (${plural(
        outcomes.reduce((n, o) => n + o.results.length, 0),
        'result',
      )}) to ${opts.junit}\n`,
    );
  }
  const ids = outcomes.map((o) => o.run.id);
  // the report and the matrix the app shows (runs.report, compare.matrix), read from the store once the runs ended
  const reports = await Promise.all(outcomes.map((o) => door.call('runs.report', { id: o.run.id })));
  const matrix = outcomes.length > 1 ? await door.call('compare.matrix', { runs: ids }) : undefined;
  if (opts.json) {
    const printed = reports.map((r, i) => ({ ...plainReport(r), tests: outcomes[i].tests }));
    printJson(printed.length === 1 ? printed[0] : { runs: printed, comparison: matrix });
  } else {
    outcomes.forEach((o, i) => {
      if (i) process.stdout.write('\n');
      printText(o, opts.verbose, reports[i].fitness);
    });
    if (matrix) process.stdout.write(`\nModel matrix\n${formatMatrixText(matrix)}\n`);
  }
  if (outcomes.some((o) => o.run.status === 'failed')) return 2;
  return outcomes.every((o) => runPassed(o, failOn)) ? 0 : 1;
}

const RUN_EXAMPLES = `
Examples:
  parley run --agent agent.json --tests suite.json --agent-model llama-cpp:~/models/qwen2.5-0.5b.gguf
  parley run --agent "Dental" --tests smoke --agent-model ollama:llama3.2:3b --judge-model ollama:qwen2.5:7b
  parley run --agent agent.json --tests suite.json --agent-model ollama:llama3.2:3b --junit report.xml --json
  parley run --resume RUN_ID
`;

export function registerRun(program: Command): void {
  const cmd = withProjectFlags(
    program
      .command('run')
      .description('run a test suite against an agent: simulated callers, judged transcripts, stored results')
      .optionsGroup('What to run:')
      .option('--agent <agent>', 'agent: a file, an id or a unique name (a file is stored as a new version)')
      .option('--tests <file|suite>', 'test file (Parley suite or voicetest tests), or a stored suite (id or name)')
      .option('--test <name>', 'only this test (repeatable)', collect, [])
      .option(
        '--persona <persona>',
        'persona x scenario matrix: run every test once with this library persona (id or name; repeatable)',
        collect,
        [],
      )
      .option('--repeat <n>', "run every test N times (overrides the tests' repeats)")
      .option('--resume <run>', 'continue a cancelled or interrupted run (skips finished conversations)')
      .option(
        '--shard <k/n>',
        'run only the K-th of N slices of the conversations (split a suite across CI machines; parley runs merge joins them)',
      )
      .option('--force', 'with --resume: take over a run another process still holds (a hung process)'),
  )
    .optionsGroup('Models:')
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
    .option(
      '--test-model-precedence',
      "a test's llm_model replaces the agent model for that test (voicetest's test_model_precedence)",
    )
    .option(
      '--allow-test-endpoints',
      "with --test-model-precedence: let tests' own models call hosts you have not configured (they receive your API key) and open model files outside your models' folders",
    )
    .optionsGroup('Output:')
    .option('--json', 'print the run report as JSON')
    .option('--junit <file>', 'also write a JUnit XML report')
    .option('--verbose', 'print whole error messages (the table shows their first line)')
    .option(
      '--group-failures',
      'after the run, group its failures into problems with the judge model (one call; stored with the run)',
    )
    .option(
      '--fail-on-severity <level>',
      `exit 1 when a grouped problem is at or above ${SEVERITIES.join('|')} (implies --group-failures)`,
    )
    .optionsGroup('Options:')
    .option('--concurrency <n>', 'conversations at once (default 4)')
    .option('--max-turns <n>', 'caller turns per conversation (overrides the tests; default 20)')
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
      '--turn-quality',
      'score every agent turn (helpfulness, coherence, relevance, faithfulness, verbosity) with the judge model: one call per turn',
    );
  // speech last: most runs are text runs; --db with the options
  withSpeechFlags(cmd.optionsGroup('Speech (voice runs):'));
  withDbOption(cmd.optionsGroup('Options:'))
    .addHelpText('after', RUN_EXAMPLES)
    .action(async (opts: RunCliFlags) => {
      process.exitCode = await useApp(opts, (app, door) => execute(app, door, opts), { id: '--resume' });
    });
}
