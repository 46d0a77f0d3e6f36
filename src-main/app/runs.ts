import type { RunEvent } from '../../src-shared/contract/events.js';
import type { AgentGraph, ModelSpec, Run, RunOptions, TestSuite } from '../../src-shared/schemas/index.js';
import type { ModelProblem } from '../providers/preflight.js';
import { checkRunModels, notStarted, runPrompts, type RunModelSpecs } from './preflight.js';
import { groupRunFailures } from './problems/run-problems.js';
import {
  EvaluateError,
  PlanError,
  startEvaluation,
  startReplay,
  startRun,
  type RunHandle,
  type RunSuite,
} from '../engine/index.js';
import { ProviderError, type ChatModel } from '../providers/index.js';
import type { Store } from '../store/index.js';
import { runSizeIssue } from '../engine/run/run-size.js';
import { guardTestModelLoader, testEndpointPolicy } from '../engine/model-io/test-endpoints.js';
import { AppError, invalid, unavailable } from './errors.js';
import { SpeechOptionError } from '../engine/run/run-speech.js';
import type { ModelService } from './models.js';
import { finishedRun, requireRun, resolveAgentVersion, runAgentOf } from './resolve.js';
import { storedModelDefault } from './stored-specs.js';

/** What a caller of a use case may listen to and stop. */
export interface RunHooks {
  onEvent?: (e: RunEvent) => void;
  signal?: AbortSignal;
}

export interface StartRequest {
  /** Agent id or unique name. */
  agent: string;
  /** Version id or number; the latest when absent. */
  agent_version?: string;
  suite: RunSuite;
  models: { agent: ModelSpec; caller?: ModelSpec; judge?: ModelSpec };
  options?: Partial<RunOptions>;
  testEndpoints?: TestEndpointAccess;
  /** The door already ran the pre-run check (`preflight`) and showed its warnings. */
  checked?: boolean;
}

/** Which hosts a test file's own models (llm_model) may call beyond the ones the user configured. */
export interface TestEndpointAccess {
  allowAll?: boolean;
  /** What the refusal tells the user to do (each door has its own way to allow it). */
  howToAllow?: string;
}

const APP_HOW_TO_ALLOW =
  'add the endpoint (or the models folder) on the Models page to allow it (on the command line: --allow-test-endpoints)';

export interface ResumeOptions {
  /** This process is running the run already. */
  activeHere?: boolean;
  /** Take over a run another process still holds (a hung process). */
  force?: boolean;
  testEndpoints?: TestEndpointAccess;
  /** The door already ran the pre-run check. */
  checked?: boolean;
}

export interface ReplayRequest {
  run_id: string;
  agent_version?: string;
  agent_model?: ModelSpec;
  judge_model?: ModelSpec;
  concurrency?: number;
}

export interface EvaluateRequest {
  run_id: string;
  suite: RunSuite;
  judge?: ModelSpec;
  test?: string;
}

const messageOf = (e: unknown) => (e as Error)?.message ?? String(e);

/** A plan that cannot be made (unknown test or persona, a cap exceeded) names the option it came from. */
function planFailure(e: unknown): never {
  if (e instanceof PlanError) {
    const capped = /^(options\.[\w.]+): (.*)$/s.exec(e.message);
    if (capped) throw invalid(capped[2], capped[1]);
    throw invalid(e.message, e.message.startsWith('persona') ? 'options.personas' : 'options.tests');
  }
  if (e instanceof AppError) throw e;
  if (e instanceof SpeechOptionError) throw invalid(e.message, e.path);
  throw invalid(messageOf(e));
}

/**
 * The run use cases, shared by the app (api/handlers) and the command line (cli/commands): each
 * resolves the agent version, the suite and the models once, starts the engine's one run loop and
 * hands back its RunHandle (with the planned total). The doors only parse input and print output.
 */
export class RunService {
  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
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

  /** A new simulated run. */
  async start(req: StartRequest, hooks: RunHooks = {}): Promise<RunHandle> {
    const resolved = resolveAgentVersion(this.store, req.agent, req.agent_version, {
      agent: 'agent_id',
      version: 'agent_version_id',
    });
    if (!req.suite.data.tests.length)
      throw invalid(`suite "${req.suite.name}" has no tests: add a test on the Suites page first`, 'suite_id');
    const tooBig = runSizeIssue(req.suite.data, req.options ?? {}); // before anything is planned or loaded
    if (tooBig) throw invalid(tooBig.message, tooBig.path);
    try {
      return await startRun({
        store: this.store,
        // once the plan is known to be valid: the pre-run check, then the models
        models: async () => {
          if (!req.checked) {
            const problems = await this.preflight([req.models], resolved.version.graph, req.suite.data);
            const errors = problems.filter((p) => p.severity === 'error');
            if (errors.length) throw notStarted(errors);
          }
          return this.models.loadRoles(req.models);
        },
        agent: runAgentOf(resolved),
        suite: req.suite,
        options: req.options ?? {},
        loader: this.testModelLoader([req.models.agent, req.models.caller, req.models.judge], req.testEndpoints),
        resolvePersona: this.resolvePersona,
        onEvent: hooks.onEvent,
        signal: hooks.signal,
      });
    } catch (e) {
      return planFailure(e);
    }
  }

  /** The pre-run check of run configurations: every distinct model once, the context checked against the run's prompts. */
  preflight(configs: RunModelSpecs[], graph?: AgentGraph, suite?: TestSuite): Promise<ModelProblem[]> {
    return checkRunModels(this.models, configs, graph ? runPrompts(this.store, graph, suite) : undefined);
  }

  /** Completes a cancelled, interrupted or failed simulated run with the models it was started with. */
  async resume(id: string, hooks: RunHooks = {}, o: ResumeOptions = {}): Promise<RunHandle> {
    // a process that died since this store was opened no longer holds its runs' locks
    if (!o.activeHere) this.store.runs.markOrphansInterrupted();
    const run = requireRun(this.store, id);
    if (o.activeHere) throw new AppError({ code: 'conflict', message: `run ${id} is already running` });
    if (run.kind !== 'simulated')
      throw invalid(
        `run ${id} is ${run.kind === 'imported' ? 'an imported set of calls' : 'a replay'}: there is nothing to resume`,
      );
    const live = run.status === 'running' || run.status === 'queued';
    if (live && !o.force)
      throw new AppError({
        code: 'conflict',
        message: `run ${id} is still running in another process (PID ${this.store.runs.ownerPid(id) ?? 'unknown'}, which holds the run's lock); if that process is hung, stop it, or resume with force to take the run over`,
      });
    if (!this.store.runs.suiteSnapshot(id)) throw invalid(`run ${id} has no stored copy of its suite to resume from`);
    if (!run.models.agent) throw invalid(`run ${id} has no agent model recorded`);
    // a run copied from another database names models its author chose: checked like a test file's
    const own = (role: 'agent' | 'caller' | 'judge') =>
      storedModelDefault(this.store, run, run.models[role]?.spec, `${role} model`, `models.${role}`);
    const specs = { agent: own('agent')!, caller: own('caller'), judge: own('judge') };
    if (!o.checked) {
      const errors = (await this.preflight([specs])).filter((p) => p.severity === 'error');
      if (errors.length) throw notStarted(errors);
    }
    if (live) this.store.runs.forceInterrupt(id);
    const models = await this.models.loadRoles(specs);
    try {
      return await startRun({
        store: this.store,
        models,
        resume: id,
        loader: this.testModelLoader([specs.agent, specs.caller, specs.judge], o.testEndpoints),
        resolvePersona: this.resolvePersona,
        onEvent: hooks.onEvent,
        signal: hooks.signal,
      });
    } catch (e) {
      return planFailure(e);
    }
  }

  /** Replays a run's recorded caller turns against an agent version (the latest by default). */
  async replay(req: ReplayRequest, hooks: RunHooks = {}, activeHere = false): Promise<RunHandle> {
    const original = finishedRun(this.store, req.run_id, 'replay it', activeHere);
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
    return startReplay({
      store: this.store,
      original,
      agent: runAgentOf(resolved),
      models,
      concurrency: req.concurrency,
      onEvent: hooks.onEvent,
      signal: hooks.signal,
    });
  }

  /** Judges a stored run's conversations with a suite (no simulation) as a new run. */
  async evaluate(req: EvaluateRequest, hooks: RunHooks = {}, activeHere = false): Promise<RunHandle> {
    finishedRun(this.store, req.run_id, 'evaluate it', activeHere);
    const judge = req.judge ? await this.models.load('judge', req.judge) : undefined;
    try {
      return await startEvaluation(this.store, req.run_id, {
        suite: req.suite.data,
        suiteId: req.suite.id,
        judge,
        test: req.test,
        onEvent: hooks.onEvent,
        signal: hooks.signal,
      });
    } catch (e) {
      if (e instanceof EvaluateError)
        throw invalid(
          e.message.replace(' (--judge-model SPEC)', ''),
          /judge/.test(e.message) ? 'judge' : /no test named/.test(e.message) ? 'test' : undefined,
        );
      throw e;
    }
  }

  /** Groups a finished run's failures into problems with a judge (default: the run's judge model) and stores them. */
  async groupFailures(id: string, judge?: ModelSpec, activeHere = false): Promise<Run> {
    const run = finishedRun(this.store, id, 'group its failures', activeHere);
    if (run.summary.failed + run.summary.errored === 0) throw invalid(`run ${id} has no failures to group`);
    const spec =
      judge ??
      storedModelDefault(this.store, run, run.models.judge?.spec, 'judge', 'judge') ??
      storedModelDefault(this.store, run, run.models.agent?.spec, 'agent model', 'judge');
    if (!spec) throw invalid(`run ${id} has no judge model recorded: choose one`, 'judge');
    const model: ChatModel = await this.models.load('judge', spec);
    try {
      return await groupRunFailures(this.store, id, model);
    } catch (e) {
      if (e instanceof ProviderError)
        throw unavailable(`grouping failed: judge model ${spec.provider}:${spec.model}: ${messageOf(e)}`, 'judge');
      throw e;
    }
  }
}
