import PQueue from 'p-queue';
import {
  TestCase,
  type AgentGraph,
  type MetricSpec,
  type Result,
  type Run,
  type TestSuite,
} from '../../src-shared/schemas/index.js';
import { withMetricNodes } from '../compare/diagnose.js';
import {
  conversationStatus,
  judgeConversation,
  ModelCalls,
  resolveMetrics,
  type ConversationOutcome,
  type EngineLimits,
} from '../engine/index.js';
import type { ChatModel } from '../providers/types.js';
import type { Store } from '../store/index.js';

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
}

export class EvaluateError extends Error {
  constructor(message: string) {
    super(message);
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
    throw new EvaluateError(`evaluate: no ${role} model (give --judge-model SPEC)`);
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

/** Judges every conversation of `runId` and stores the verdicts as a new run. */
export async function evaluateRun(
  store: Store,
  runId: string,
  o: EvaluateOptions,
): Promise<{ run: Run; results: Result[] }> {
  const original = store.runs.require(runId);
  const graph = o.graph ?? store.agents.getVersion(original.agent_version_id)?.graph;
  if (!graph) throw new EvaluateError(`run ${runId}: its agent version ${original.agent_version_id} no longer exists`);
  const source = store.results.listByRun(runId);
  if (!source.length) throw new EvaluateError(`run ${runId} has no conversations to evaluate`);
  const tests = source.map((r) => testFor(o.suite, r, o.test));
  const needsJudge = tests.some((t) => resolveMetrics(t, graph, o.suite).length > 0);
  if (needsJudge && !o.judge) {
    throw new EvaluateError(
      `the suite (or the agent's global metrics) has LLM metrics; give a judge model (--judge-model SPEC)`,
    );
  }
  const judge = o.judge ?? unusedModel('judge');
  const queue = new PQueue({ concurrency: Math.max(1, o.concurrency ?? Math.min(4, judge.maxParallel)) });
  let done = 0;
  const judged = await Promise.all(
    source.map(
      (r, i) =>
        queue.add(async () => {
          const out = await judgeOne(r, tests[i], o, graph, judge);
          o.onProgress?.(++done, source.length, { ...out, id: r.id, run_id: runId });
          return out;
        }) as Promise<Omit<Result, 'id' | 'run_id'>>,
    ),
  );
  const judgeModel = o.judge && needsJudge ? { spec: o.judge.spec, identity: await o.judge.identity() } : undefined;
  return store.transaction(() => {
    const run = store.runs.create(
      {
        kind: original.kind,
        status: 'running',
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
    const results = judged.map((r) => store.results.insert({ ...r, run_id: run.id }));
    store.runs.setStatus(run.id, 'running');
    store.runs.setStatus(run.id, 'completed');
    store.runs.refreshSummary(run.id);
    return { run: store.runs.require(run.id), results };
  });
}
