import type { RunEvent } from '../../../src-shared/contract/events.js';
import { TestCase, TestSuite, type Result, type Run } from '../../../src-shared/schemas/index.js';
import { DEFAULT_MAX_TURNS } from '../conversation/conversation.js';
import { executePlan, type RunHandle } from './execute-plan.js';
import type { EngineLimits } from '../limits.js';
import { describeRunModels, perModelLimiter, type RunModels } from '../model-io/run-models.js';
import { runOne } from './run-one.js';
import type { PlannedConversation } from './run-plan.js';
import type { RunAgent } from './run-suite.js';
import type { Store } from '../../store/index.js';

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

export interface StartReplayOptions {
  store: Store;
  /** The stored run whose caller turns are replayed. */
  original: Run;
  /** The agent version to replay against. */
  agent: RunAgent;
  models: RunModels;
  concurrency?: number;
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
  limits?: Partial<EngineLimits>;
  judgeCombined?: boolean;
  now?: () => Date;
}

/**
 * Replays a stored run: a new run of kind `replay` (parent_run_id = the original) whose
 * conversations run on the one run loop, like any run (events, cancel, results kept as they finish).
 */
export async function startReplay(o: StartReplayOptions): Promise<RunHandle> {
  const { store, original } = o;
  const recorded = store.results.listByRun(original.id);
  if (!recorded.length) throw new Error(`run ${original.id} has no conversations to replay`);
  const plan = planReplay(original, recorded, store.runs.suiteSnapshot(original.id));
  const concurrency = o.concurrency ?? original.options.concurrency;
  const run = store.runs.create(
    {
      kind: 'replay',
      agent_id: original.agent_id,
      agent_version_id: o.agent.version_id,
      agent_name: original.agent_name,
      suite_id: original.suite_id,
      suite_name: original.suite_name || plan.suite.name,
      models: await describeRunModels(o.models),
      options: { ...original.options, concurrency },
      parent_run_id: original.id,
    },
    plan.suite,
  );
  const limiter = perModelLimiter();
  return executePlan({
    store,
    runId: run.id,
    suite: plan.suite,
    total: plan.items.length,
    remaining: plan.items.length,
    items: plan.items,
    concurrency,
    signal: o.signal,
    onEvent: o.onEvent,
    work: async (item, { signal, emit }) => {
      const result = await runOne(
        {
          runId: run.id,
          graph: o.agent.graph,
          suite: plan.suite,
          models: o.models,
          limiter,
          signal,
          emit,
          limits: o.limits,
          judgeCombined: o.judgeCombined,
          now: o.now,
        },
        item,
      );
      return result && { result };
    },
  });
}
