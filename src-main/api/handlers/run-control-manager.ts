import type { LiveRun } from '../../../src-shared/contract/runs.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import {
  ModelSpec,
  type ModelSpecInput,
  type Run,
  type RunOptions,
  type TestSuite,
} from '../../../src-shared/schemas/index.js';
import {
  expandPersonaMatrix,
  planRun,
  startRun,
  type ModelLoader,
  type RunHandle,
  type RunModels,
} from '../../engine/index.js';
import { ProviderError, type ChatModel, type ProviderRegistry } from '../../providers/index.js';
import { sharedProviders } from '../providers-service.js';
import { groupRunFailures } from '../../compare/run-problems.js';
import type { ApiContext } from '../context.js';
import { ApiFailure, notFound } from '../errors.js';
import { requireRunModels } from '../model-preflight.js';

type Role = 'agent' | 'caller' | 'judge';

interface Conversation {
  test: string;
  test_index: number;
  repeat: number;
  transcript: LiveRun['running'][number]['transcript'];
  partial: LiveRun['running'][number]['partial'];
}

interface ActiveRun {
  handle: RunHandle;
  /** Conversations planned in the whole run (resumed runs included). */
  total: number;
  running: Map<string, Conversation>;
}

export interface StartInput {
  agent_id: string;
  agent_version_id?: string;
  suite_id: string;
  models: { agent: ModelSpecInput; caller?: ModelSpecInput; judge?: ModelSpecInput };
  options: Partial<RunOptions>;
}

const key = (test_index: number, repeat: number) => `${test_index}:${repeat}`;
const invalid = (message: string, path?: string) =>
  new ApiFailure({ code: 'invalid_input', message, ...(path ? { path } : {}) });

/** Provider failures as API errors that name the role, the provider and the model. */
function modelFailure(role: Role, spec: ModelSpec, e: unknown): ApiFailure {
  const msg = (e as Error)?.message ?? String(e);
  const what = `${role} model ${spec.provider}:${spec.model}`;
  if (
    e instanceof ProviderError &&
    ['connection_refused', 'timeout', 'rate_limited', 'server_error', 'unauthorized'].includes(e.code)
  ) {
    return new ApiFailure({ code: 'unavailable', message: `${what}: ${msg}`, path: `models.${role}` });
  }
  return new ApiFailure({
    code: 'invalid_input',
    message: `${what} could not be loaded: ${msg}`,
    path: `models.${role}`,
  });
}

/**
 * Runs suites in the background for the app (one per ctx, `service(ctx, 'runs', ...)`): loads the
 * models through its own provider registry, starts the engine, forwards every RunEvent to the UI,
 * keeps what a page opened mid-run needs to catch up, cancels, resumes, and on dispose cancels
 * every running run and unloads the models.
 */
export class RunManager {
  private readonly active = new Map<string, ActiveRun>();
  private disposed = false;

  constructor(private readonly ctx: ApiContext) {}

  private providers(): ProviderRegistry {
    if (this.disposed) throw new ApiFailure({ code: 'unavailable', message: 'the app is shutting down' });
    return sharedProviders(this.ctx);
  }

  /** llama-cpp threads default to the Models page setting. */
  private withThreads(s: ModelSpec): ModelSpec {
    const settings = this.ctx.store.settings.get('models') as { threads?: number } | undefined;
    return s.provider === 'llama-cpp' && s.params.threads === undefined && settings?.threads
      ? { ...s, params: { ...s.params, threads: settings.threads } }
      : s;
  }

  /** Loads the agent models tests choose for themselves (llm_model with test_model_precedence). */
  private loader(): ModelLoader {
    const reg = this.providers();
    return { load: (spec, o) => reg.load(this.withThreads(spec), o) };
  }

  /** Caller and judge default to the agent model. */
  private async loadModels(specs: { agent: ModelSpec; caller?: ModelSpec; judge?: ModelSpec }): Promise<RunModels> {
    const reg = this.providers();
    const out: Partial<Record<Role, ChatModel>> = {};
    for (const role of ['agent', 'caller', 'judge'] as const) {
      const spec = this.withThreads(specs[role] ?? specs.agent);
      try {
        out[role] = await reg.load(spec);
      } catch (e) {
        throw modelFailure(role, spec, e);
      }
    }
    return out as RunModels;
  }

  async start(input: StartInput): Promise<string> {
    const { store } = this.ctx;
    const agent = store.agents.summary(input.agent_id);
    if (!agent) throw notFound(`agent ${input.agent_id}`);
    const version = store.agents.getVersion(input.agent_version_id ?? agent.latest_version_id);
    if (!version || version.agent_id !== agent.id)
      throw invalid(`agent ${agent.name} has no version ${input.agent_version_id}`, 'agent_version_id');
    const suite = store.suites.get(input.suite_id);
    if (!suite) throw notFound(`suite ${input.suite_id}`);
    if (!suite.data.tests.length)
      throw invalid(`suite "${suite.name}" has no tests: add a test on the Suites page first`, 'suite_id');
    const total = this.plannedTotal(suite.data, input.options);
    const specs = {
      agent: ModelSpec.parse(input.models.agent),
      ...(input.models.caller ? { caller: ModelSpec.parse(input.models.caller) } : {}),
      ...(input.models.judge ? { judge: ModelSpec.parse(input.models.judge) } : {}),
    };
    // issue 14: every model answers once before a run row exists (wrong key, unknown model, server down, not a GGUF)
    await requireRunModels(this.ctx, {
      models: specs,
      agent_id: agent.id,
      agent_version_id: version.id,
      suite_id: suite.id,
    });
    const models = await this.loadModels(specs);
    return this.launch(total, (onEvent) =>
      startRun({
        store,
        models,
        onEvent,
        options: input.options,
        loader: this.loader(),
        agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
        suite: { id: suite.id, name: suite.name, data: suite.data },
        resolvePersona: (id) => store.personas.find(id)?.data,
      }),
    );
  }

  async resume(id: string): Promise<string> {
    const { store } = this.ctx;
    const run = store.runs.get(id);
    if (!run) throw notFound(`run ${id}`);
    if (this.active.has(id)) throw new ApiFailure({ code: 'conflict', message: `run ${id} is already running` });
    if (run.kind !== 'simulated')
      throw invalid(
        `run ${id} is ${run.kind === 'imported' ? 'an imported set of calls' : 'a replay'}: there is nothing to resume`,
      );
    if (run.status === 'completed') throw invalid(`run ${id} already finished every test: there is nothing to resume`);
    if (run.status === 'running' || run.status === 'queued')
      throw new ApiFailure({
        code: 'conflict',
        message: `run ${id} is still running in another process (the command line?)`,
      });
    const suite = store.runs.suiteSnapshot(id);
    if (!suite) throw invalid(`run ${id} has no stored copy of its suite to resume from`);
    if (!run.models.agent) throw invalid(`run ${id} has no agent model recorded`);
    await requireRunModels(this.ctx, {
      models: { agent: run.models.agent.spec, caller: run.models.caller?.spec, judge: run.models.judge?.spec },
    });
    const models = await this.loadModels({
      agent: run.models.agent.spec,
      caller: run.models.caller?.spec,
      judge: run.models.judge?.spec,
    });
    return this.launch(this.plannedTotal(suite, run.options), (onEvent) =>
      startRun({
        store,
        models,
        onEvent,
        resume: id,
        loader: this.loader(),
        resolvePersona: (p) => store.personas.find(p)?.data,
      }),
    );
  }

  /** The stored run `id`, refused while it is still running (here or in another process): `todo` says what waits for it. */
  private finishedRun(id: string, todo: string): Run {
    const run = this.ctx.store.runs.get(id);
    if (!run) throw notFound(`run ${id}`);
    if (this.active.has(id) || run.status === 'running' || run.status === 'queued')
      throw new ApiFailure({ code: 'conflict', message: `run ${id} is still running: ${todo} when it has finished` });
    return run;
  }

  /** Judges a stored run's conversations with a suite (no simulation); returns the new run's id once every verdict is stored. */
  async evaluate(input: { id: string; suite_id: string; judge?: ModelSpecInput; test?: string }): Promise<string> {
    const { store } = this.ctx;
    this.finishedRun(input.id, 'evaluate it');
    const suite = store.suites.get(input.suite_id);
    if (!suite) throw notFound(`suite ${input.suite_id}`);
    let judge: ChatModel | undefined;
    if (input.judge) {
      const spec = ModelSpec.parse(input.judge);
      try {
        judge = await this.loader().load(spec);
      } catch (e) {
        throw modelFailure('judge', spec, e);
      }
    }
    const { evaluateRun, EvaluateError } = await import('../../calls/index.js');
    try {
      const out = await evaluateRun(store, input.id, {
        suite: suite.data,
        suiteId: suite.id,
        judge,
        test: input.test,
        onProgress: (done, total) => this.ctx.events.emit({ type: 'evaluate.progress', run_id: input.id, done, total }),
      });
      return out.run.id;
    } catch (e) {
      if (e instanceof EvaluateError)
        throw invalid(
          e.message.replace('(--judge-model SPEC)', ''),
          /judge/.test(e.message) ? 'judge' : /test/.test(e.message) ? 'test' : undefined,
        );
      if (e instanceof ProviderError)
        throw new ApiFailure({ code: 'unavailable', message: `judge model: ${e.message}`, path: 'judge' });
      throw e;
    }
  }

  /** Replays a run's recorded caller turns against an agent version; returns the replay run's id as soon as it exists (progress as run events). */
  async replay(input: {
    id: string;
    agent_version_id?: string;
    agent_model?: ModelSpecInput;
    judge_model?: ModelSpecInput;
  }): Promise<string> {
    const { store } = this.ctx;
    const original = this.finishedRun(input.id, 'replay it');
    const total = original.summary.total; // one replayed conversation per stored one
    if (!total) throw invalid(`run ${input.id} has no conversations to replay`);
    if (input.agent_version_id) {
      const v = store.agents.getVersion(input.agent_version_id);
      if (!v || v.agent_id !== original.agent_id)
        throw invalid(`agent ${original.agent_name} has no version ${input.agent_version_id}`, 'agent_version_id');
    }
    const agent = input.agent_model ? ModelSpec.parse(input.agent_model) : original.models.agent?.spec;
    if (!agent)
      throw invalid(
        `run ${input.id} is ${original.kind === 'imported' ? 'a set of imported calls' : 'a run'} with no agent model: choose the agent model to replay with`,
        'agent_model',
      );
    const judge = input.judge_model ? ModelSpec.parse(input.judge_model) : (original.models.judge?.spec ?? agent);
    // the scripted caller never calls its model: the agent's stands in for it
    const models = await this.loadModels({ agent, caller: agent, judge });
    const { startReplay } = await import('../../calls/index.js');
    return this.launch(total, (onEvent) =>
      startReplay(store, input.id, { models, agentVersionId: input.agent_version_id, onEvent }),
    );
  }

  /** Groups a finished run's failures into problems with the given judge (default: the run's judge model) and stores them. */
  async groupFailures(id: string, judge?: ModelSpecInput): Promise<Run> {
    const run = this.finishedRun(id, 'group its failures');
    if (run.summary.failed + run.summary.errored === 0) throw invalid(`run ${id} has no failures to group`);
    const spec = judge ? ModelSpec.parse(judge) : (run.models.judge?.spec ?? run.models.agent?.spec);
    if (!spec) throw invalid(`run ${id} has no judge model recorded: choose one`, 'judge');
    let model: ChatModel;
    try {
      model = await this.loader().load(spec);
    } catch (e) {
      throw modelFailure('judge', spec, e);
    }
    try {
      return await groupRunFailures(this.ctx.store, id, model);
    } catch (e) {
      const msg = (e as Error)?.message ?? String(e);
      if (e instanceof ProviderError)
        throw new ApiFailure({
          code: 'unavailable',
          message: `grouping failed: judge model ${spec.provider}:${spec.model}: ${msg}`,
          path: 'judge',
        });
      throw e;
    }
  }

  private plannedTotal(suite: TestSuite, options: Partial<RunOptions>): number {
    try {
      if (options.personas?.length) {
        const matrix = expandPersonaMatrix(
          suite,
          options.personas,
          (ref) => this.ctx.store.personas.find(ref)?.data,
          options.tests,
        );
        return planRun(matrix, { ...options, tests: undefined }).length;
      }
      return planRun(suite, options).length;
    } catch (e) {
      const msg = (e as Error).message;
      throw invalid(msg, msg.startsWith('persona') ? 'options.personas' : 'options.tests');
    }
  }

  private async launch(total: number, begin: (onEvent: (e: RunEvent) => void) => Promise<RunHandle>): Promise<string> {
    const running = new Map<string, Conversation>();
    let runId = '';
    const onEvent = (e: RunEvent) => {
      this.track(running, e);
      this.ctx.events.emit(e);
    };
    let handle: RunHandle;
    try {
      handle = await begin(onEvent);
    } catch (e) {
      if (e instanceof ApiFailure) throw e;
      throw invalid((e as Error)?.message ?? String(e));
    }
    runId = handle.runId;
    this.active.set(runId, { handle, total, running });
    void handle.done.finally(() => this.active.delete(runId));
    return runId;
  }

  private track(running: Map<string, Conversation>, e: RunEvent): void {
    switch (e.type) {
      case 'test.started':
        running.set(key(e.test_index, e.repeat), {
          test: e.test,
          test_index: e.test_index,
          repeat: e.repeat,
          transcript: [],
          partial: null,
        });
        break;
      case 'test.turn': {
        const c = running.get(key(e.test_index, e.repeat));
        if (c) {
          c.transcript.push(e.turn);
          c.partial = null;
        }
        break;
      }
      case 'test.token': {
        const c = running.get(key(e.test_index, e.repeat));
        if (c) c.partial = { role: e.role, text: (c.partial?.role === e.role ? c.partial.text : '') + e.chunk };
        break;
      }
      case 'test.finished':
        running.delete(key(e.test_index, e.repeat));
        break;
      case 'run.finished':
        running.clear();
        break;
    }
  }

  cancel(id: string): boolean {
    const a = this.active.get(id);
    if (!a) {
      if (!this.ctx.store.runs.get(id)) throw notFound(`run ${id}`);
      return false;
    }
    a.handle.cancel('cancelled by the user');
    return true;
  }

  /** The planned total and the conversations in progress (for a page opened or reloaded mid-run). */
  live(id: string): LiveRun {
    const a = this.active.get(id);
    if (a)
      return {
        active: true,
        total: a.total,
        running: [...a.running.values()].map((c) => ({ ...c, transcript: [...c.transcript] })),
      };
    const run: Run | undefined = this.ctx.store.runs.get(id);
    if (!run) throw notFound(`run ${id}`);
    const suite = this.ctx.store.runs.suiteSnapshot(id);
    let total: number | null = null;
    try {
      total = suite ? planRun(suite, run.options).length : null;
    } catch {
      total = null;
    }
    return { active: false, total, running: [] };
  }

  isActive(id: string): boolean {
    return this.active.has(id);
  }

  /** Waits for a run this manager started (tests, shutdown). */
  async wait(id: string): Promise<void> {
    await this.active.get(id)?.handle.done;
  }

  /** Cancels every running run, waits for them to settle (bounded), then unloads the models. */
  async dispose(timeoutMs = 15_000): Promise<void> {
    this.disposed = true;
    const runs = [...this.active.values()];
    for (const a of runs) a.handle.cancel('the app is shutting down');
    await Promise.race([
      Promise.all(runs.map((a) => a.handle.done)),
      new Promise((r) => setTimeout(r, timeoutMs).unref()),
    ]);
  }
}
