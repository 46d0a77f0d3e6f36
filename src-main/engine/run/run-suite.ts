import type { RunEvent } from '../../../src-shared/contract/events.js';
import type {
  AgentGraph,
  CallerPerturbations,
  Persona,
  Run,
  RunOptions,
  TestCase,
  TestSuite,
} from '../../../src-shared/schemas/index.js';
import type { Store } from '../../store/index.js';
import { judgeLimits } from '../judge/judge-limits.js';
import type { EngineLimits } from '../limits.js';
import {
  describeRunModels,
  perModelLimiter,
  specKey,
  type ModelLoader,
  type RunModels,
} from '../model-io/run-models.js';
import { loadTestModels, type TestModels } from '../model-io/test-models.js';
import { runOne, type RunOneContext } from './run-one.js';
import { executePlan, type RunHandle, type RunOutcome } from './execute-plan.js';
import { makePlan } from './run-plan.js';
import { checkCheckpointNodes } from './checkpoint-refs.js';
import { checkedRunOptions } from './run-size.js';
import { CircuitBreaker, DEFAULT_BREAKER_THRESHOLD } from '../model-io/circuit-breaker.js';
import { expandPersonaMatrix } from './persona-matrix.js';
import { EndpointReport } from '../model-io/endpoint-report.js';
import { loadRunSpeech, SpeechOptionError, withDefaultEngines } from './run-speech.js';
import { callerSetup } from './caller-behaviour.js';
import { cancelledResult } from './cancelled-result.js';
import type { SpeechIdentity, SpeechRegistry } from '../../speech/index.js';

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
  /** Loaded models (see loadRunModels), or how to load them once the plan is known to be valid. */
  models: RunModels | (() => Promise<RunModels>);
  /** Loads the agent models tests choose (llm_model) when the run's test_model_precedence is on. */
  loader?: ModelLoader;
  /** A new run: the agent version and the suite to run. */
  agent?: RunAgent;
  suite?: RunSuite;
  options?: Partial<RunOptions>;
  /** The run this new one was started from ("Run again", "Run on another model"); stored as source_run_id. */
  sourceRunId?: string;
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
  /** Where speech specs become engines (the app's, with its key resolver); default: a fresh registry. */
  speech?: SpeechRegistry;
}

export type { RunOutcome, RunHandle } from './execute-plan.js';

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
  let models: RunModels;
  const loadModels = async () => (typeof o.models === 'function' ? o.models() : o.models);
  if (target.run) {
    run = target.run;
    suite = target.suite;
    models = await loadModels();
    const stored = [run.models.agent?.spec, run.models.caller?.spec, run.models.judge?.spec];
    const given = [models.agent.spec, models.caller.spec, models.judge.spec];
    stored.forEach((s, i) => {
      if (s && specKey(s) !== specKey(given[i]))
        throw new Error(
          `run ${run.id}: resume must use the run's models (${['agent', 'caller', 'judge'][i]} was ${s.provider}:${s.model}, got ${given[i].provider}:${given[i].model})`,
        );
    });
  } else {
    suite = target.suite.data;
    let options = checkedRunOptions(suite, o.options); // caps checked before anything is planned
    if (suite.latency && !options.latency_budget) options = { ...options, latency_budget: suite.latency };
    if (options.personas?.length) {
      // the matrix is the run's suite: its tests already hold the test filter and the personas
      suite = expandPersonaMatrix(suite, options.personas, (ref) => o.resolvePersona?.(ref), options.tests);
      options = { ...options, tests: undefined };
    }
    const planned = makePlan(suite, options); // a bad test filter fails before a model is loaded or a run row exists
    checkCheckpointNodes(target.agent.graph, planned.tests); // so does a checkpoint on a node the agent lacks
    if (options.speech) options = { ...options, speech: withDefaultEngines(options.speech) };
    const speechAtStart = loadRunSpeech(options.speech, o.speech); // so does a bad speech spec
    if (speechAtStart)
      checkCallerVoices(
        planned.tests.map((p) => p.test),
        { ...speechAtStart, runPerturbations: options.perturbations },
        o.resolvePersona,
      );
    if (speechAtStart && options.speech) {
      // what was actually used, kept with the run (like the models' identity)
      // (an engine that cannot describe itself yet fails on its turn, where the error is shown, not here)
      const identity = (e: { identity(): Promise<SpeechIdentity> }) => e.identity().catch(() => undefined);
      const [tts, stt] = [await identity(speechAtStart.tts), await identity(speechAtStart.stt)];
      const { engines: _given, ...given } = options.speech;
      options = { ...options, speech: { ...given, engines: { ...(tts ? { tts } : {}), ...(stt ? { stt } : {}) } } };
    }
    models = await loadModels();
    // so do a bad or unloadable per-test model
    testModels = options.test_model_precedence
      ? await loadTestModels(planned.tests, o.loader, { signal: o.signal })
      : undefined;
    run = store.runs.create(
      {
        kind: 'simulated',
        agent_id: target.agent.id,
        agent_version_id: target.agent.version_id,
        agent_name: target.agent.name,
        suite_id: target.suite.id,
        suite_name: target.suite.name || suite.name,
        models: await describeRunModels(models),
        options,
        ...(o.sourceRunId ? { source_run_id: o.sourceRunId } : {}),
      },
      suite,
    );
  }
  const agent = target.agent;
  const options = run.options;
  const plan = makePlan(suite, options, target.run ? store.results.finishedKeys(run.id) : new Set());
  if (target.run && options.test_model_precedence)
    testModels = await loadTestModels(plan.tests, o.loader, { signal: o.signal });
  const limiter = perModelLimiter();
  const turnQuality = options.turn_quality ?? suite.turn_quality ?? false;
  const speech = loadRunSpeech(options.speech, o.speech, { cache: store.speechCache });
  // N conversations in a row failing the same set-up way on one endpoint stop the run (failed, finished kept)
  const breaker = new CircuitBreaker(DEFAULT_BREAKER_THRESHOLD, (role) => {
    const s = models[role].spec;
    return `${role} model ${s.provider}:${s.model}`;
  });
  const endpoints = new EndpointReport([models.agent, models.caller, models.judge]);
  return executePlan({
    store,
    runId: run.id,
    ...(endpoints.any
      ? {
          tick: {
            ms: 1000,
            event: () => ({ type: 'run.endpoints' as const, run_id: run.id, endpoints: endpoints.snapshot() }),
          },
          cleanup: () => store.runs.setEndpointStats(run.id, endpoints.snapshot()),
        }
      : {}),
    suite,
    total: plan.total,
    remaining: plan.remaining,
    items: plan.items(),
    concurrency: options.concurrency,
    signal: o.signal,
    onEvent: o.onEvent,
    cancelledResult: (item, reason) => cancelledResult(run.id, item, reason),
    work: async (item, { signal, emit }) => {
      const own = testModels?.forTest(item.test);
      const ctx: RunOneContext = {
        runId: run.id,
        graph: agent.graph,
        suite,
        models: own ? { ...models, agent: own.model } : models,
        limiter,
        signal,
        emit,
        resolvePersona: o.resolvePersona,
        limits: judgeLimits(o.limits, options.judge_reasoning),
        judgeCombined: o.judgeCombined,
        judgeRepeats: options.judge_repeats,
        callerFidelity: options.caller_fidelity,
        patternTimeoutMs: o.patternTimeoutMs,
        now: o.now,
        turnQuality,
        contextPolicy: options.context ?? 'end',
        ...(speech ? { speech } : {}),
        ...(options.speech?.seed !== undefined ? { callerSeed: options.speech.seed } : {}),
        ...(options.perturbations ? { runPerturbations: options.perturbations } : {}),
      };
      const found = await runOne(ctx, item);
      if (!found) return undefined;
      const result = own ? { ...found, agent_model: own.role } : found;
      return { result, stopRun: breaker.record(result) };
    },
  });
}

/**
 * A voice a test or persona names must be one of the text-to-speech engine's (when it lists its voices): a
 * voice is passed to the engine as a program argument, and a wrong one would fail every caller turn.
 */
function checkCallerVoices(
  tests: readonly TestCase[],
  speech: { voices: string[]; callerSpeech: boolean; runPerturbations?: CallerPerturbations },
  resolve?: (id: string) => Persona | undefined,
): void {
  if (!speech.callerSpeech || !speech.voices.length) return;
  for (const t of tests) {
    const voice = callerSetup(t, 0, 0, resolve, { run: speech.runPerturbations }).perturbations.voice;
    if (voice && !speech.voices.includes(voice))
      throw new SpeechOptionError(
        `test "${t.name}": voice "${voice}" is not a voice of the text-to-speech engine (its voices: ${speech.voices.join(', ')})`,
        `tests.${t.name}.perturbations.voice`,
      );
  }
}

/** Starts a run and waits for it. */
export async function runSuite(o: StartRunOptions): Promise<RunOutcome> {
  return (await startRun(o)).done;
}
