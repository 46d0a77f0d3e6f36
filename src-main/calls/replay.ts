import PQueue from 'p-queue';
import type { RunEvent } from '../../src-shared/contract/events.js';
import { TestCase, TestSuite, type AgentGraph, type Result, type Run } from '../../src-shared/schemas/index.js';
import {
  DEFAULT_MAX_TURNS,
  describeRunModels,
  perModelLimiter,
  summarizeTests,
  type EngineLimits,
  type PlannedConversation,
  type RunHandle,
  type RunModels,
} from '../engine/index.js';
import { runOne } from '../engine/run-one.js';
import type { Store } from '../store/index.js';

/**
 * `parley replay`: re-runs the caller side of a stored run (simulated or imported) turn by turn
 * against an agent graph (by default the agent's current version), with the recorded caller turns as
 * a scripted caller (TestCase.caller_script). Each conversation keeps its test name, test index and
 * repeat, so the replay diffs against the original test by test. The result is a run of kind
 * `replay` with parent_run_id = the original.
 */

/** Variables the engine sets itself on every call; not carried over as test variables. */
const SYSTEM_VARIABLES = new Set(['current_time', 'current_date', 'call_id', 'turn']);

export interface ReplayPlan {
  /** The suite stored with the replay run: the original's snapshot, or one synthesized from the conversations. */
  suite: TestSuite;
  items: PlannedConversation[];
}

/** What the caller said in a recorded conversation, in order. */
export const callerLines = (r: Pick<Result, 'transcript'>): string[] =>
  r.transcript.filter((t) => t.role === 'caller').map((t) => t.content);

/**
 * The recorded caller said the last word and the call ended there (a simulated caller that hung up
 * with a goodbye, an imported call whose caller spoke last): the replay's caller hangs up with its
 * last line too, so the agent is not asked to answer it. A conversation that ended in an error or a
 * cancellation is replayed to let the agent answer.
 */
export function callerHungUpWithLine(r: Pick<Result, 'transcript' | 'end_reason'>): boolean {
  if (!['caller_done', 'imported'].includes(r.end_reason)) return false;
  const spoken = r.transcript.filter((t) => t.role === 'agent' || t.role === 'caller');
  return spoken.at(-1)?.role === 'caller';
}

/**
 * One planned conversation per recorded one. A simulated run's test keeps its metrics, rules, mocks
 * and variables (from the run's suite snapshot); an imported call becomes a test carrying the call's
 * variables. The caller model is replaced by the recorded lines (persona dropped: it is not used).
 */
export function planReplay(original: Run, results: Result[], snapshot?: TestSuite): ReplayPlan {
  const items: PlannedConversation[] = [];
  const synthesized = new Map<number, TestCase>();
  for (const r of results) {
    const fromSuite = snapshot?.tests[r.test_index];
    const base: TestCase =
      fromSuite && fromSuite.name === r.test
        ? fromSuite
        : TestCase.parse({
            name: r.test,
            dynamic_variables: Object.fromEntries(
              Object.entries(r.variables).filter(([k]) => !SYSTEM_VARIABLES.has(k)),
            ),
          });
    const script = callerLines(r);
    const { persona: _persona, ...rest } = base;
    const test = TestCase.parse({
      ...rest,
      user_prompt: base.user_prompt ?? 'Replay of recorded caller turns.',
      caller_script: script,
      repeats: undefined,
      caller_script_ends_call: callerHungUpWithLine(r) || undefined,
    });
    const maxTurns = fromSuite
      ? (original.options.max_turns ?? base.max_turns ?? snapshot?.default_max_turns ?? DEFAULT_MAX_TURNS)
      : Math.max(DEFAULT_MAX_TURNS, script.length + 1);
    items.push({ test, test_index: r.test_index, repeat: r.repeat, maxTurns: Math.max(maxTurns, r.turns) });
    if (!synthesized.has(r.test_index)) synthesized.set(r.test_index, test);
  }
  const suite =
    snapshot ??
    TestSuite.parse({
      name: original.suite_name || `replay of ${original.id}`,
      tests: [...synthesized.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t),
    });
  return { suite, items };
}

export interface ReplayOptions {
  models: RunModels;
  /** The agent version to replay against (default: the latest version of the run's agent). */
  agentVersionId?: string;
  concurrency?: number;
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
  limits?: Partial<EngineLimits>;
  judgeCombined?: boolean;
  now?: () => Date;
}

/** Replays a stored run; returns the new run and its results once every conversation has finished. */
export async function replayRun(
  store: Store,
  runId: string,
  o: ReplayOptions,
): Promise<{ run: Run; results: Result[] }> {
  const original = store.runs.require(runId);
  const version = o.agentVersionId ? store.agents.getVersion(o.agentVersionId) : store.agents.latest(original.agent_id);
  if (!version)
    throw new Error(
      `run ${runId}: agent ${original.agent_id}${o.agentVersionId ? ` version ${o.agentVersionId}` : ''} no longer exists`,
    );
  const recorded = store.results.listByRun(runId);
  if (!recorded.length) throw new Error(`run ${runId} has no conversations to replay`);
  const plan = planReplay(original, recorded, store.runs.suiteSnapshot(runId));
  const graph: AgentGraph = version.graph;
  const run = store.runs.create(
    {
      kind: 'replay',
      agent_id: original.agent_id,
      agent_version_id: version.id,
      agent_name: original.agent_name,
      suite_id: original.suite_id,
      suite_name: original.suite_name || plan.suite.name,
      models: await describeRunModels(o.models),
      options: { ...original.options, concurrency: o.concurrency ?? original.options.concurrency },
      parent_run_id: original.id,
    },
    plan.suite,
  );
  const emit = (e: RunEvent) => {
    try {
      o.onEvent?.(e);
    } catch {
      /* a listener must not stop the replay */
    }
  };
  const controller = new AbortController();
  const onAbort = () => controller.abort(o.signal?.reason);
  if (o.signal?.aborted) controller.abort(o.signal.reason);
  else o.signal?.addEventListener('abort', onAbort, { once: true });
  let failure: string | undefined;
  store.runs.setStatus(run.id, 'running');
  emit({ type: 'run.started', run_id: run.id, total: plan.items.length });
  const ctx = {
    runId: run.id,
    graph,
    suite: plan.suite,
    models: o.models,
    limiter: perModelLimiter(),
    signal: controller.signal,
    emit,
    limits: o.limits,
    judgeCombined: o.judgeCombined,
    now: o.now,
  };
  const queue = new PQueue({ concurrency: Math.max(1, o.concurrency ?? original.options.concurrency) });
  for (const item of plan.items) {
    void queue
      .add(async () => {
        if (controller.signal.aborted || failure) return;
        emit({
          type: 'test.started',
          run_id: run.id,
          test: item.test.name,
          test_index: item.test_index,
          repeat: item.repeat,
        });
        const result = await runOne(ctx, item);
        if (!result) return;
        store.transaction(() => {
          store.results.insert(result);
          store.runs.refreshSummary(run.id);
        });
        emit({
          type: 'test.finished',
          run_id: run.id,
          test: result.test,
          test_index: result.test_index,
          repeat: result.repeat,
          status: result.status,
          result_id: result.id,
          duration_ms: result.duration_ms,
        });
      })
      .catch((e: unknown) => {
        failure ??= (e as Error)?.message ?? String(e);
        queue.clear();
      });
  }
  await queue.onIdle();
  o.signal?.removeEventListener('abort', onAbort);
  const status = failure ? 'failed' : controller.signal.aborted ? 'cancelled' : 'completed';
  const summary = store.runs.refreshSummary(run.id);
  store.runs.setStatus(run.id, status, { error: failure ?? (status === 'cancelled' ? 'cancelled' : null) });
  emit({ type: 'run.finished', run_id: run.id, status, summary, error: failure ?? null });
  return { run: store.runs.require(run.id), results: store.results.listByRun(run.id) };
}

/**
 * Starts a replay and resolves as soon as its run exists, with a handle like `startRun`'s (events,
 * cancel, done), so the app can show the replay live like any run.
 */
export function startReplay(store: Store, runId: string, o: Omit<ReplayOptions, 'signal'>): Promise<RunHandle> {
  return new Promise<RunHandle>((resolve, reject) => {
    const controller = new AbortController();
    const listeners = new Set<(e: RunEvent) => void>();
    let handle: RunHandle | undefined;
    const finished = replayRun(store, runId, {
      ...o,
      signal: controller.signal,
      onEvent: (e) => {
        o.onEvent?.(e);
        for (const l of listeners) {
          try {
            l(e);
          } catch {
            /* a listener must not stop the replay */
          }
        }
        if (e.type === 'run.started' && !handle) {
          const id = e.run_id;
          handle = {
            runId: id,
            subscribe: (l) => {
              listeners.add(l);
              return () => listeners.delete(l);
            },
            cancel: (reason) => controller.abort(reason ?? 'cancelled'),
            done: finished.then(
              ({ run, results }) => ({
                run,
                results,
                tests: summarizeTests(results, store.runs.suiteSnapshot(run.id) ?? undefined),
              }),
              () => ({ run: store.runs.require(id), results: store.results.listByRun(id), tests: [] }),
            ),
          };
          resolve(handle);
        }
      },
    });
    finished.catch((e: unknown) => {
      if (!handle) reject(e);
    });
  });
}
