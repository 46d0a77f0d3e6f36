import {
  TestCase,
  type AgentGraph,
  type MetricSpec,
  type Result,
  type Run,
  type TestSuite,
} from '../../../src-shared/schemas/index.js';
import { withMetricNodes } from '../judge/metric-nodes.js';
import { EngineInputError } from '../errors.js';
import { executePlan, type RunHandle } from './execute-plan.js';
import { judgeConversation, resolveMetrics } from '../judge/index.js';
import type { ConversationOutcome } from '../conversation/types.js';
import type { EngineLimits } from '../limits.js';
import { ModelCalls } from '../model-io/model-calls.js';
import { conversationStatus } from '../judge/pass-fail.js';
import { newId } from '../../store/ids.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import type { ChatModel } from '../../providers/types.js';
import type { Store } from '../../store/index.js';

/**
 * `parley evaluate`: judges the conversations of a stored run (typically imported real calls) with a
 * suite's metrics and rules, without simulating anything. Reuses the engine's judge (rules,
 * assertions, one structured call for the metrics) and pass/fail logic. The verdicts become a NEW run
 * (parent_run_id = the original), written in one transaction after every conversation is judged.
 */

export interface EvaluateOptions {
  suite: TestSuite;
  suiteId?: string | null;
  /** Judge model: required when any metric (the suite's or the agent's global ones) must be scored. */
  judge?: ChatModel;
  /** Judge every conversation with this test of the suite (default: the test of the same name, else all of them merged). */
  test?: string;
  /** The agent graph for path assertions and global metrics (default: the run's agent version). */
  graph?: AgentGraph;
  concurrency?: number;
  signal?: AbortSignal;
  limits?: Partial<EngineLimits>;
  onProgress?: (done: number, total: number, result: Result) => void;
  onEvent?: (e: RunEvent) => void;
}

/** A stored run that cannot be judged as asked (`path`: the request field at fault). */
export class EvaluateError extends EngineInputError {
  constructor(message: string, path?: string) {
    super(message, path);
    this.name = 'EvaluateError';
  }
}

/** Every metric and rule of a suite as one test (per-test thresholds kept on each metric). */
export function mergeSuiteTests(suite: TestSuite, name: string): TestCase {
  const metrics: MetricSpec[] = [];
  const seen = new Set<string>();
  const uniq = (xs: string[]) => [...new Set(xs)];
  for (const t of suite.tests) {
    for (const m of t.metrics) {
      const criterion = typeof m === 'string' ? m : m.criterion;
      if (seen.has(criterion)) continue;
      seen.add(criterion);
      const threshold = typeof m === 'string' ? t.metric_threshold : (m.threshold ?? t.metric_threshold);
      metrics.push(threshold === undefined ? criterion : { criterion, threshold });
    }
  }
  return TestCase.parse({
    name,
    metrics,
    includes: uniq(suite.tests.flatMap((t) => t.includes)),
    excludes: uniq(suite.tests.flatMap((t) => t.excludes)),
    patterns: uniq(suite.tests.flatMap((t) => t.patterns)),
  });
}

/** The test a stored conversation is judged with. */
export function testFor(suite: TestSuite, result: Pick<Result, 'test'>, only?: string): TestCase {
  if (only) {
    const t = suite.tests.find((x) => x.name === only);
    if (!t)
      throw new EvaluateError(
        `no test named "${only}" in suite "${suite.name}" (tests: ${suite.tests.map((x) => x.name).join(', ') || 'none'})`,
        'test',
      );
    return t;
  }
  return suite.tests.find((x) => x.name === result.test) ?? mergeSuiteTests(suite, result.test);
}

const conversationOf = (r: Result): ConversationOutcome => ({
  transcript: r.transcript,
  visits: r.nodes_visited,
  toolCalls: r.tools_called,
  variables: r.variables,
  endReason: r.end_reason,
  turns: r.turns,
  error: null,
});

/** Stand-in for the roles evaluate never uses (and for the judge when no metric needs it). */
function unusedModel(role: string): ChatModel {
  const fail = async (): Promise<never> => {
    throw new EvaluateError(`evaluate: no ${role} model: choose one`, role);
  };
  return {
    spec: { provider: 'scripted', model: `no-${role}`, params: {} },
    maxParallel: 1,
    identity: fail,
    openSession: fail,
    close: async () => {},
  };
}

async function judgeOne(
  r: Result,
  test: TestCase,
  o: EvaluateOptions,
  graph: AgentGraph,
  judge: ChatModel,
): Promise<Omit<Result, 'id' | 'run_id'>> {
  const calls = new ModelCalls({ agent: unusedModel('agent'), caller: unusedModel('caller'), judge }, o.signal);
  let error: string | null = null;
  let verdicts: Pick<Result, 'metrics' | 'rules' | 'assertions'> = { metrics: [], rules: [], assertions: [] };
  try {
    verdicts = await judgeConversation({
      graph,
      test,
      suite: o.suite,
      conv: conversationOf(r),
      calls,
      limits: o.limits,
    });
  } catch (e) {
    if (o.signal?.aborted) throw e;
    error = `judging failed: ${(e as Error).message}`;
  } finally {
    await calls.disposeAll();
  }
  const { id: _id, run_id: _run, ...rest } = r;
  const judged = withMetricNodes({ ...r, ...verdicts });
  return {
    ...rest,
    metrics: judged.metrics,
    rules: verdicts.rules,
    assertions: verdicts.assertions,
    status: conversationStatus({ error, ...verdicts }),
    error,
    tokens: calls.totals(),
    model_calls: calls.records,
    // The conversation keeps its own timing; the judge's time and tokens are in model_calls / tokens.
  };
}

/**
 * Starts judging every conversation of `runId`: validates first (nothing is written when the suite
 * or the judge does not fit), then creates the new run (parent_run_id = the original) and judges the
 * conversations on the one run loop, storing each verdict as it is made.
 */
export async function startEvaluation(store: Store, runId: string, o: EvaluateOptions): Promise<RunHandle> {
  const original = store.runs.require(runId);
  const graph = o.graph ?? store.agents.getVersion(original.agent_version_id)?.graph;
  if (!graph) throw new EvaluateError(`run ${runId}: its agent version ${original.agent_version_id} no longer exists`);
  const source = store.results.listByRun(runId);
  if (!source.length) throw new EvaluateError(`run ${runId} has no conversations to evaluate`);
  const tests = source.map((r) => testFor(o.suite, r, o.test));
  const needsJudge = tests.some((t) => resolveMetrics(t, graph, o.suite).length > 0);
  if (needsJudge && !o.judge) {
    throw new EvaluateError(`the suite (or the agent's global metrics) has LLM metrics: choose a judge model`, 'judge');
  }
  const judge = o.judge ?? unusedModel('judge');
  const judgeModel = o.judge && needsJudge ? { spec: o.judge.spec, identity: await o.judge.identity() } : undefined;
  const run = store.runs.create(
    {
      kind: original.kind,
      agent_id: original.agent_id,
      agent_version_id: original.agent_version_id,
      agent_name: original.agent_name,
      suite_id: o.suiteId ?? null,
      suite_name: o.suite.name || 'evaluation',
      models: { ...original.models, ...(judgeModel ? { judge: judgeModel } : {}) },
      options: { ...original.options, ...(o.test ? { tests: [o.test] } : {}) },
      parent_run_id: original.id,
    },
    o.suite,
  );
  const items = source.map((r, i) => ({
    result: r,
    test: { name: r.test },
    judgeWith: tests[i],
    test_index: r.test_index,
    repeat: r.repeat,
  }));
  let done = 0;
  return executePlan({
    store,
    runId: run.id,
    suite: o.suite,
    total: items.length,
    remaining: items.length,
    items,
    concurrency: o.concurrency ?? Math.min(4, judge.maxParallel),
    signal: o.signal,
    onEvent: o.onEvent,
    work: async (item, { signal }) => {
      const out = await judgeOne(item.result, item.judgeWith, { ...o, signal }, graph, judge);
      if (signal.aborted) return undefined;
      const result: Result = { ...out, id: newId('res'), run_id: run.id };
      o.onProgress?.(++done, items.length, result);
      return { result };
    },
  });
}

/** Judges every conversation of `runId` and stores the verdicts as a new run; resolves when every verdict is stored. */
export async function evaluateRun(
  store: Store,
  runId: string,
  o: EvaluateOptions,
): Promise<{ run: Run; results: Result[] }> {
  const { run, results } = await (await startEvaluation(store, runId, o)).done;
  return { run, results };
}
