import type { JobKind } from '../../../src-shared/contract/jobs.js';
import type { AgentGraph, ModelSpec, Run, TestSuite } from '../../../src-shared/schemas/index.js';
import type { ModelProblem } from '../../providers/preflight.js';
import { makePlan, startEvaluation, startReplay, startRun, type RunHandle } from '../../engine/index.js';
import type { Store } from '../../store/index.js';
import { guardTestModelLoader, testEndpointPolicy } from '../../engine/model-io/test-endpoints.js';
import { exportRun, type RunExportFormat } from '../../reports/run-export.js';
import { AppError, conflict, invalid, notFound } from '../errors.js';
import { engineCall } from './engine-errors.js';
import { groupFailuresJob } from './failure-groups-job.js';
import { mergeJob } from './merge-job.js';
import { runJob } from './run-job.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import { refuseClaimed, startClaimedAsync } from '../jobs/claim.js';
import type { ModelService } from '../models/models.js';
import { PreflightCache, type RunModelSpecs } from '../models/preflight.js';
import { finishedRun, requireRun, resolveAgentVersion, runAgentOf } from '../refs/resolve.js';
import { RESUMED_RUN, storedModelDefault, storedRunModels, storedRunSpeech } from './stored-specs.js';
import { rerunRequest, type RerunSelection } from './rerun.js';
import { resolveSuiteRef, runAgentFromRef, type RefOptions } from '../refs/refs.js';
import type {
  EvaluateRequest,
  ReplayRequest,
  ResumeOptions,
  RunHooks,
  RunJob,
  StartRequest,
  TestEndpointAccess,
} from './run-requests.js';

export type * from './run-requests.js';

const APP_HOW_TO_ALLOW =
  'add it as an OpenAI-compatible endpoint (or its models folder) on the Models page to allow it';

/** Job kinds whose subject run is the run being written. */
const RUN_WRITING: readonly JobKind[] = ['run', 'resume', 'evaluate', 'replay'];

/**
 * The run use cases, shared by the app (app/<domain>/room.ts methods) and the command line (cli/commands): each
 * resolves the agent version, the suite and the models once, starts the engine's one run loop and
 * hands back the run as a job (app/jobs). The doors only parse input and print output.
 */
export class RunService {
  private readonly checks = new PreflightCache();
  /** The handles of the runs this process is writing (cancelling one test reaches the run loop through it). */
  private readonly handles = new Map<string, RunHandle>();

  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly jobs: JobRegistry,
  ) {}

  private resolvePersona = (ref: string) => this.store.personas.find(ref)?.data;

  /** The loader for a test's own model: only hosts the user configured (or the run's own models use). */
  private testModelLoader(runSpecs: (ModelSpec | undefined)[], access: TestEndpointAccess = {}) {
    const policy = testEndpointPolicy(this.store.settings.get('models'), runSpecs, {
      allowAll: access.allowAll,
      howToAllow: access.howToAllow ?? APP_HOW_TO_ALLOW,
    });
    return guardTestModelLoader(this.models.loader(), policy);
  }

  /** The suite a reference names (a file where `o.files` allows it, a stored id, a unique name): app/refs/refs.ts. */
  suiteFromRef(ref: string, o: RefOptions = {}) {
    return resolveSuiteRef(this.store, ref, o);
  }

  /** The agent version a reference names (a file is stored as a new version where `o.files` allows it). */
  agentFromRef(ref: string, o: RefOptions = {}) {
    return runAgentFromRef(this.store, ref, o);
  }

  /** Whether this process is writing run `id` now (a run, resume, evaluation or replay job). */
  runningHere(id: string): boolean {
    return this.writingHere(id) !== undefined;
  }

  /** The job of this process writing run `id` now, if any. */
  private writingHere(id: string): string | undefined {
    return this.jobs
      .list({ subject: { run_id: id }, running: true, hereOnly: true })
      .find((j) => RUN_WRITING.includes(j.kind))?.id;
  }

  /** Cancels the job writing run `id` in this process: false when none is (the run must exist). */
  cancel(id: string): boolean {
    const job = this.jobs
      .list({ subject: { run_id: id }, running: true, hereOnly: true })
      .find((j) => RUN_WRITING.includes(j.kind));
    if (!job) {
      requireRun(this.store, id);
      return false;
    }
    return this.jobs.cancel(job.id);
  }

  /**
   * Cancels one test of a run this process is writing: its conversations end as cancelled, the rest go on.
   * False when the run is not running here (it must exist); the test must be one of the run's.
   */
  cancelTest(id: string, test: string): boolean {
    const run = requireRun(this.store, id);
    const names = this.store.runs.suiteSnapshot(id)?.tests.map((t) => t.name) ?? [];
    if (!names.includes(test))
      throw invalid(`run ${run.id} has no test named "${test}" (its tests: ${names.join(', ')})`, 'test');
    const handle = this.handles.get(id);
    return handle ? handle.cancelTest(test) : false;
  }

  /** A new run of some of a finished run's tests (the failed ones, or named ones): same agent version, models and options. */
  async rerun(id: string, sel: RerunSelection, hooks: RunHooks = {}): Promise<RunJob & { tests: string[] }> {
    const { tests, ...req } = rerunRequest(this.store, id, sel, this.runningHere(id));
    const job = await this.start(req, hooks);
    return Object.assign(job, { tests });
  }

  /** Conversations a run plans (for a page opened mid-run or later); null when it has no suite copy. */
  plannedTotal(id: string): number | null {
    const run = requireRun(this.store, id);
    const suite = this.store.runs.suiteSnapshot(id);
    try {
      return suite ? makePlan(suite, run.options).total : null;
    } catch {
      return null;
    }
  }

  /** A run handle as a job (run-job.ts). */
  private asJob(kind: JobKind, title: string, handle: RunHandle, id?: string): RunJob {
    return runJob(this.jobs, this.handles, { kind, title, id }, handle);
  }

  /** Refuses to start when the door's own pre-run check (or this one) found a model that cannot work. */
  private async refuseUnfitModels(
    configs: RunModelSpecs[],
    graph?: AgentGraph,
    suite?: TestSuite,
    preflightId?: string,
  ) {
    const context = graph ? { store: this.store, graph, suite } : undefined;
    // the door's check vouches for the models answering; the context is compared with THIS run's prompts
    const problems =
      preflightId && this.checks.passed(preflightId, configs)
        ? await this.checks.contextProblems(this.models, preflightId, configs, context)
        : (await this.preflight(configs, graph, suite)).problems;
    this.checks.refuseOnErrors(problems);
  }

  /** A new simulated run. */
  async start(req: StartRequest, hooks: RunHooks = {}): Promise<RunJob> {
    const resolved = resolveAgentVersion(this.store, req.agent, req.agent_version, {
      agent: 'agent_id',
      version: 'agent_version_id',
    });
    if (!req.suite.data.tests.length)
      throw invalid(`suite "${req.suite.name}" has no tests: add a test on the Suites page first`, 'suite_id');
    if (req.source_run && !this.store.runs.get(req.source_run))
      throw invalid(`run ${req.source_run} not found: the run to start from must exist`, 'source_run_id');
    const handle = await engineCall(() =>
      startRun({
        store: this.store,
        // once the plan is known to be valid (caps, tests, personas, speech): the pre-run check, then the models
        models: async () => {
          await this.refuseUnfitModels([req.models], resolved.version.graph, req.suite.data, req.preflight_id);
          return this.models.loadRoles(req.models);
        },
        agent: runAgentOf(resolved),
        suite: req.suite,
        options: req.options ?? {},
        ...(req.source_run ? { sourceRunId: req.source_run } : {}),
        loader: this.testModelLoader([req.models.agent, req.models.caller, req.models.judge], req.testEndpoints),
        resolvePersona: this.resolvePersona,
        onEvent: hooks.onEvent,
      }),
    );
    return this.asJob('run', `Run ${req.suite.name || 'suite'} on ${resolved.agent.name}`, handle);
  }

  /**
   * The pre-run check of run configurations: every distinct model once, the context checked against the
   * run's prompts. Its id may be passed to `start` so the check is not made twice.
   */
  async preflight(
    configs: RunModelSpecs[],
    graph?: AgentGraph,
    suite?: TestSuite,
  ): Promise<{ id: string; problems: ModelProblem[] }> {
    return this.checks.run(this.models, configs, graph ? { store: this.store, graph, suite } : undefined);
  }

  /**
   * The pre-run check as the New run dialog asks it: one configuration, with the agent's and the suite's
   * prompts when they are named. `id` goes back with `start` so the check is not made twice.
   */
  async checkModels(input: {
    models: RunModelSpecs;
    agent_id?: string;
    agent_version_id?: string;
    suite_id?: string;
  }): Promise<{ id: string; ok: boolean; problems: ModelProblem[] }> {
    const graph = input.agent_id
      ? resolveAgentVersion(this.store, input.agent_id, input.agent_version_id).version.graph
      : undefined;
    const suite = input.suite_id ? this.store.suites.get(input.suite_id)?.data : undefined;
    const { id, problems } = await this.preflight([input.models], graph, suite);
    return { id, ok: !problems.some((p) => p.severity === 'error'), problems };
  }

  /** A run as JSON (lossless, portable) or JUnit XML. */
  export(id: string, format: RunExportFormat): { text: string; filename: string; results: number } {
    const out = exportRun(this.store, id, format);
    if (!out) throw notFound(`run ${JSON.stringify(id)}`, 'id');
    return { text: out.text, filename: out.filename, results: out.results };
  }

  /** Completes a cancelled, interrupted or failed simulated run with the models it was started with. */
  async resume(id: string, hooks: RunHooks = {}, o: ResumeOptions = {}): Promise<RunJob> {
    // a process that died since this store was opened no longer holds its runs' locks
    this.store.runs.markOrphansInterrupted();
    const run = requireRun(this.store, id);
    if (!o.force) refuseClaimed(this.store, 'run', id);
    const here = this.writingHere(id);
    if (here) throw conflict(`run ${id} is already running (job ${here}): wait for it or cancel it`);
    if (run.kind !== 'simulated')
      throw invalid(
        `run ${id} is ${run.kind === 'imported' ? 'an imported set of calls' : 'a replay'}: there is nothing to resume`,
      );
    const live = run.status === 'running' || run.status === 'queued';
    if (live && !o.force)
      throw new AppError({
        code: 'conflict',
        path: 'force',
        message: `run ${id} is still running in another process (PID ${this.store.runs.ownerPid(id) ?? 'unknown'}, which holds the run's lock); if that process is hung, stop it, or resume with force to take the run over`,
      });
    if (!this.store.runs.suiteSnapshot(id)) throw invalid(`run ${id} has no stored copy of its suite to resume from`);
    if (!run.models.agent) throw invalid(`run ${id} has no agent model recorded`);
    // a run copied from another database names models and speech engines its author chose: checked like a test file's
    const stored = storedRunModels(this.store, run);
    storedRunSpeech(this.store, run, RESUMED_RUN);
    const specs = { ...stored, agent: stored.agent! };
    await this.refuseUnfitModels([specs], undefined, undefined, o.preflight_id);
    // one resume at a time, in every process: the run is claimed in one write transaction (app/jobs/claim.ts)
    const check = () => {
      const now = this.store.runs.get(id)?.status;
      if (now !== run.status)
        throw conflict(`run ${id} changed while this resume was starting (now ${now}): look at it again`);
    };
    return startClaimedAsync(this.store, { kind: 'run', id, check, force: o.force }, async (jobId) => {
      if (live) this.store.runs.forceInterrupt(id);
      const models = await this.models.loadRoles(specs);
      const handle = await engineCall(() =>
        startRun({
          store: this.store,
          models,
          resume: id,
          loader: this.testModelLoader([specs.agent, specs.caller, specs.judge], o.testEndpoints),
          resolvePersona: this.resolvePersona,
          onEvent: hooks.onEvent,
        }),
      );
      const job = this.asJob('resume', `Resume run ${id}${live ? ' (taken over)' : ''}`, handle, jobId);
      return live ? { ...job, takenOver: true } : job;
    });
  }

  /** Replays a run's recorded caller turns against an agent version (the latest by default). */
  async replay(req: ReplayRequest, hooks: RunHooks = {}): Promise<RunJob> {
    const original = finishedRun(this.store, req.run_id, 'replay it');
    if (!original.summary.total) throw invalid(`run ${req.run_id} has no conversations to replay`);
    const resolved = resolveAgentVersion(this.store, original.agent_id, req.agent_version, {
      version: 'agent_version_id',
    });
    const stored = (role: 'agent' | 'judge', path: string) =>
      storedModelDefault(this.store, original, original.models[role]?.spec, `${role} model`, path);
    const agentSpec = req.agent_model ?? stored('agent', 'agent_model');
    if (!agentSpec)
      throw invalid(
        `run ${req.run_id} is ${original.kind === 'imported' ? 'a set of imported calls' : 'a run'} with no agent model: choose the agent model to replay with`,
        'agent_model',
      );
    const judgeSpec = req.judge_model ?? stored('judge', 'judge_model') ?? agentSpec;
    // the scripted caller never calls its model: the agent's stands in for it
    const models = await this.models.loadRoles({ agent: agentSpec, caller: agentSpec, judge: judgeSpec });
    const handle = await engineCall(() =>
      startReplay({
        store: this.store,
        original,
        agent: runAgentOf(resolved),
        models,
        concurrency: req.concurrency,
        onEvent: hooks.onEvent,
      }),
    );
    return this.asJob(
      'replay',
      `Replay run ${req.run_id} on ${resolved.agent.name} v${resolved.version.version}`,
      handle,
    );
  }

  /** Judges a stored run's conversations with a suite (no simulation) as a new run. */
  async evaluate(req: EvaluateRequest, hooks: RunHooks = {}): Promise<RunJob> {
    finishedRun(this.store, req.run_id, 'evaluate it');
    const judge = req.judge ? await this.models.load('judge', req.judge) : undefined;
    const handle = await engineCall(() =>
      startEvaluation(this.store, req.run_id, {
        suite: req.suite.data,
        suiteId: req.suite.id,
        judge,
        test: req.test,
        onEvent: hooks.onEvent,
      }),
    );
    return this.asJob('evaluate', `Evaluate run ${req.run_id} with ${req.suite.name || 'a suite'}`, handle);
  }

  /** Groups a finished run's failures into problems with a judge (default: the run's judge model) and stores them. */
  groupFailures(id: string, judge?: ModelSpec): Promise<Job<Run>> {
    return groupFailuresJob({ store: this.store, models: this.models, jobs: this.jobs }, id, judge);
  }

  /** Joins the shards of one run into a single run, as a job (merge-job.ts). */
  merge(req: { ids?: string[]; files?: string[] }): Promise<Job<Run>> {
    return mergeJob(this.store, this.jobs, req);
  }
}
