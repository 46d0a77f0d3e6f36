import PQueue from 'p-queue';
import type { RunEvent } from '../../src-shared/contract/events.js';
import {
  RunOptions,
  type AgentGraph,
  type Persona,
  type Result,
  type Run,
  type TestSuite,
} from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import type { EngineLimits } from './limits.js';
import { summarizeTests, type TestOutcome } from './pass-fail.js';
import { describeRunModels, perModelLimiter, specKey, type ModelLoader, type RunModels } from './run-models.js';
import { loadTestModels, type TestModels } from './test-models.js';
import { runOne } from './run-one.js';
import { planRun } from './run-plan.js';
import { expandPersonaMatrix } from './persona-matrix.js';
import { CircuitBreaker, DEFAULT_BREAKER_THRESHOLD } from './circuit-breaker.js';

export interface RunAgent {
  id: string;
  version_id: string;
  name: string;
  graph: AgentGraph;
}
export interface RunSuite {
  id: string | null;
  name: string;
  data: TestSuite;
}

export interface StartRunOptions {
  store: Store;
  /** Loaded models (see loadRunModels). */
  models: RunModels;
  /** Loads the agent models tests choose (llm_model) when the run's test_model_precedence is on. */
  loader?: ModelLoader;
  /** A new run: the agent version and the suite to run. */
  agent?: RunAgent;
  suite?: RunSuite;
  options?: Partial<RunOptions>;
  /** Resume this run instead: finished (test_index, repeat) pairs are skipped; agent version, suite snapshot and options come from the run. */
  resume?: string;
  signal?: AbortSignal;
  /** Called for every event (in addition to subscribers). */
  onEvent?: (e: RunEvent) => void;
  resolvePersona?: (id: string) => Persona | undefined;
  limits?: Partial<EngineLimits>;
  /** Judge all metrics of a transcript in one call (default true). */
  judgeCombined?: boolean;
  patternTimeoutMs?: number;
  now?: () => Date;
}

export interface RunOutcome {
  run: Run;
  results: Result[];
  /** Per test: runs, pass rate, ok against the suite's min_pass_rate. */
  tests: TestOutcome[];
}

export interface RunHandle {
  readonly runId: string;
  /** Listen to this run's events; returns the unsubscribe function. */
  subscribe(listener: (e: RunEvent) => void): () => void;
  /** Stops promptly: running conversations are abandoned (not stored), the run is marked `cancelled`. */
  cancel(reason?: string): void;
  /** Settles when the run is finished, cancelled or failed (never rejects). */
  readonly done: Promise<RunOutcome>;
}

function resolveTarget(
  o: StartRunOptions,
): { run: Run; agent: RunAgent; suite: TestSuite } | { agent: RunAgent; suite: RunSuite; run?: undefined } {
  const { store } = o;
  if (o.resume) {
    const run = store.runs.require(o.resume);
    const version = store.agents.getVersion(run.agent_version_id);
    if (!version) throw new Error(`run ${run.id}: its agent version ${run.agent_version_id} no longer exists`);
    const suite = store.runs.suiteSnapshot(run.id);
    if (!suite) throw new Error(`run ${run.id}: it has no suite snapshot to resume from`);
    return {
      run,
      agent: { id: run.agent_id, version_id: run.agent_version_id, name: run.agent_name, graph: version.graph },
      suite,
    };
  }
  if (!o.agent || !o.suite) throw new Error('startRun: give agent and suite, or resume');
  return { agent: o.agent, suite: o.suite };
}

/**
 * Starts a run: one suite x one agent version x one model configuration. Creates (or reopens) the
 * run row, then executes on the next tick so subscribers attached right after `await startRun()`
 * see every event. Conversations run in parallel up to `options.concurrency`; model calls are
 * limited per model; each finished conversation is written in its own transaction.
 */
export async function startRun(o: StartRunOptions): Promise<RunHandle> {
  const { store } = o;
  const target = resolveTarget(o);
  let run: Run;
  let suite: TestSuite;
  let testModels: TestModels | undefined;
  if (target.run) {
    run = target.run;
    suite = target.suite;
    const stored = [run.models.agent?.spec, run.models.caller?.spec, run.models.judge?.spec];
    const given = [o.models.agent.spec, o.models.caller.spec, o.models.judge.spec];
    stored.forEach((s, i) => {
      if (s && specKey(s) !== specKey(given[i]))
        throw new Error(
          `run ${run.id}: resume must use the run's models (${['agent', 'caller', 'judge'][i]} was ${s.provider}:${s.model}, got ${given[i].provider}:${given[i].model})`,
        );
    });
  } else {
    suite = target.suite.data;
    let options = RunOptions.parse({ ...o.options });
    if (options.personas?.length) {
      // the matrix is the run's suite: its tests already hold the test filter and the personas
      suite = expandPersonaMatrix(suite, options.personas, (ref) => o.resolvePersona?.(ref), options.tests);
      options = { ...options, tests: undefined };
    }
    const planned = planRun(suite, options); // a bad test filter fails before a run row exists
    // so do a bad or unloadable per-test model
    testModels = options.test_model_precedence
      ? await loadTestModels(planned, o.loader, { signal: o.signal })
      : undefined;
    run = store.runs.create(
      {
        kind: 'simulated',
        agent_id: target.agent.id,
        agent_version_id: target.agent.version_id,
        agent_name: target.agent.name,
        suite_id: target.suite.id,
        suite_name: target.suite.name || suite.name,
        models: await describeRunModels(o.models),
        options,
      },
      suite,
    );
  }
  const agent = target.agent;
  const options = run.options;
  const plan = planRun(suite, options, target.run ? store.results.finishedKeys(run.id) : new Set());
  if (target.run && options.test_model_precedence)
    testModels = await loadTestModels(plan, o.loader, { signal: o.signal });

  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(o.signal?.reason);
  if (o.signal?.aborted) controller.abort(o.signal.reason);
  else o.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const listeners = new Set<(e: RunEvent) => void>();
  const emit = (e: RunEvent) => {
    o.onEvent?.(e);
    for (const l of listeners) {
      try {
        l(e);
      } catch {
        /* a listener's failure must not stop the run */
      }
    }
  };
  const runId = run.id;

  const execute = async (): Promise<RunOutcome> => {
    let failure: string | undefined;
    const queue = new PQueue({ concurrency: Math.max(1, options.concurrency) });
    const breaker = new CircuitBreaker(DEFAULT_BREAKER_THRESHOLD, (role) => {
      const s = o.models[role].spec;
      return `${role} model ${s.provider}:${s.model}`;
    });
    try {
      store.runs.setStatus(runId, 'running');
      emit({ type: 'run.started', run_id: runId, total: plan.length });
      const ctx = {
        runId,
        graph: agent.graph,
        suite,
        models: o.models,
        limiter: perModelLimiter(),
        signal: controller.signal,
        emit,
        resolvePersona: o.resolvePersona,
        limits: o.limits,
        judgeCombined: o.judgeCombined,
        patternTimeoutMs: o.patternTimeoutMs,
        now: o.now,
        turnQuality: options.turn_quality ?? suite.turn_quality ?? false,
        contextPolicy: options.context ?? 'end',
      };
      controller.signal.addEventListener('abort', () => queue.clear(), { once: true });
      for (const item of plan) {
        void queue
          .add(async () => {
            if (controller.signal.aborted || failure) return;
            emit({
              type: 'test.started',
              run_id: runId,
              test: item.test.name,
              test_index: item.test_index,
              repeat: item.repeat,
            });
            const own = testModels?.forTest(item.test);
            const found = await runOne(own ? { ...ctx, models: { ...ctx.models, agent: own.model } } : ctx, item);
            if (!found) return;
            const result = own ? { ...found, agent_model: own.role } : found;
            store.transaction(() => {
              store.results.insert(result);
              store.runs.refreshSummary(runId);
            });
            emit({
              type: 'test.finished',
              run_id: runId,
              test: result.test,
              test_index: result.test_index,
              repeat: result.repeat,
              status: result.status,
              result_id: result.id,
              duration_ms: result.duration_ms,
            });
            // issue 14: N conversations in a row failing the same set-up way stop the run (failed, finished kept)
            const stop = breaker.record(result);
            if (stop && !failure) {
              failure = stop;
              queue.clear();
              controller.abort(stop);
            }
          })
          .catch((e: unknown) => {
            failure ??= (e as Error)?.message ?? String(e);
            queue.clear();
          });
      }
      await queue.onIdle();
    } catch (e) {
      failure ??= (e as Error)?.message ?? String(e);
    }
    o.signal?.removeEventListener('abort', onOuterAbort);
    const status = failure ? 'failed' : controller.signal.aborted ? 'cancelled' : 'completed';
    const summary = store.runs.refreshSummary(runId);
    const reason = controller.signal.reason;
    const cancelNote = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'cancelled';
    store.runs.setStatus(runId, status, { error: failure ?? (status === 'cancelled' ? cancelNote : null) });
    emit({ type: 'run.finished', run_id: runId, status, summary, error: failure ?? null });
    const final = store.runs.require(runId);
    const results = store.results.listByRun(runId);
    return { run: final, results, tests: summarizeTests(results, suite) };
  };

  const done = new Promise<RunOutcome>((resolve) => {
    setImmediate(() => {
      execute().then(resolve, (e: unknown) => {
        const message = (e as Error)?.message ?? String(e);
        try {
          store.runs.setStatus(runId, 'failed', { error: message });
        } catch {
          /* store closed */
        }
        emit({ type: 'run.finished', run_id: runId, status: 'failed', summary: run.summary, error: message });
        resolve({ run: { ...run, status: 'failed', error: message }, results: [], tests: [] });
      });
    });
  });

  return {
    runId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cancel(reason = 'cancelled') {
      if (!controller.signal.aborted) controller.abort(reason);
    },
    done,
  };
}

/** Starts a run and waits for it. */
export async function runSuite(o: StartRunOptions): Promise<RunOutcome> {
  return (await startRun(o)).done;
}
