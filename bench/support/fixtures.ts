/**
 * Shared pieces of the llama-cpp benchmarks: the bench agent graph (a few conversation nodes, an
 * extract node, prompt routing with turn-count fallbacks, LLM metrics), suites, a temp SQLite
 * store, a timed startRun, and the machine load for the report titles.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RunEvent } from '../../src-shared/contract/events.js';
import { AgentGraph, TestSuite, type TestCaseInput } from '../../src-shared/schemas/index.js';
import { runSuite, startRun, type RunModels, type RunOutcome } from '../../src-main/engine/index.js';
import { scriptedModel } from '../../src-main/providers/scripted.js';
import type { Result } from '../../src-shared/schemas/index.js';
import type { EngineLimits } from '../../src-main/engine/limits.js';
import { openStore, type Store } from '../../src-main/store/index.js';

/** Bounds that keep a 10-turn conversation inside the tiny model's context (see BENCHMARKS.md). */
export const BENCH_LIMITS: Partial<EngineLimits> = {
  chatMaxTokens: 96,
  callerMaxTokens: 96,
  callerMessageChars: 120,
  reasonChars: 60,
  routeMaxTokens: 64,
  extractTextChars: 24,
  extractMaxTokens: 96,
  judgeReasonChars: 80,
  judgeMaxTokensPerMetric: 120,
};

/** The llama-cpp spec of the tiny GGUF (threads: 1 as CONVENTIONS.md asks; 4096 tokens per sequence). */
export const tinySpec = (file: string, params: Record<string, unknown> = {}) => ({
  provider: 'llama-cpp' as const,
  model: file,
  params: { threads: 1, context_size: 4096, ...params },
});

const turnAtLeast = (n: number) => ({
  kind: 'equation' as const,
  equations: [{ left: 'turn', operator: '>=' as const, right: String(n) }],
});

/**
 * Billing desk: greet -> details (extract) -> billing -> wrap -> bye. Each conversation node routes
 * by a prompt condition (one router call per caller turn) and falls back on the turn count, so a
 * conversation of ~10 caller turns visits three conversation nodes whatever the router answers.
 * `singleNode` keeps the agent on one conversation node (no node switches) for comparison.
 */
export function benchGraph(opts: { singleNode?: boolean; metrics?: boolean } = {}): AgentGraph {
  const metrics =
    opts.metrics === false
      ? []
      : [
          { criterion: 'The agent was polite and brief', threshold: 0.5 },
          { criterion: 'The agent explained the charge the caller asked about', threshold: 0.5 },
        ];
  if (opts.singleNode) {
    return AgentGraph.parse({
      name: 'Billing desk (one node)',
      entry_node_id: 'billing',
      first_speaker: 'agent',
      global_prompt: 'You are the billing desk of {%brand%}. Be brief and polite. The caller is {{user.name}}.',
      snippets: { brand: 'Acme' },
      default_variables: { user: { name: 'there' } },
      metrics,
      nodes: [
        {
          id: 'billing',
          type: 'conversation',
          instruction: {
            mode: 'prompt',
            text: 'Help {{user.name}} with their billing question. Explain every charge clearly.',
          },
        },
      ],
    });
  }
  return AgentGraph.parse({
    name: 'Billing desk',
    entry_node_id: 'greet',
    first_speaker: 'agent',
    global_prompt: 'You are the billing desk of {%brand%}. Be brief and polite. The caller is {{user.name}}.',
    snippets: { brand: 'Acme' },
    default_variables: { user: { name: 'there' } },
    metrics,
    nodes: [
      {
        id: 'greet',
        type: 'conversation',
        instruction: { mode: 'prompt', text: 'Greet {{user.name}} and ask what the call is about.' },
        transitions: [
          {
            id: 'described',
            target: 'details',
            condition: { kind: 'prompt', prompt: 'The caller described a billing problem' },
            order: 0,
          },
          { id: 'greet-timeout', target: 'details', condition: turnAtLeast(2), order: 1 },
        ],
      },
      {
        id: 'details',
        type: 'extract',
        variables: [
          { name: 'account_id', type: 'text', description: 'the account number' },
          { name: 'amount', type: 'number', description: 'the disputed amount in dollars' },
          { name: 'wants_refund', type: 'boolean', description: 'the caller asks for a refund' },
          {
            name: 'topic',
            type: 'enum',
            choices: ['charge', 'refund', 'cancel', 'other'],
            description: 'what the call is about',
          },
        ],
        transitions: [{ id: 'to-billing', target: 'billing', condition: { kind: 'always' } }],
      },
      {
        id: 'billing',
        type: 'conversation',
        instruction: {
          mode: 'prompt',
          text: 'Help with the billing question (topic {{topic}}). Explain every charge clearly.',
        },
        transitions: [
          {
            id: 'answered',
            target: 'wrap',
            condition: { kind: 'prompt', prompt: "The caller's question is fully answered" },
            order: 0,
          },
          { id: 'billing-timeout', target: 'wrap', condition: turnAtLeast(6), order: 1 },
        ],
      },
      {
        id: 'wrap',
        type: 'conversation',
        instruction: { mode: 'prompt', text: 'Summarise what was done and ask if there is anything else.' },
        transitions: [
          {
            id: 'nothing-else',
            target: 'bye',
            condition: { kind: 'prompt', prompt: 'The caller has nothing else to ask' },
            order: 0,
          },
          { id: 'wrap-timeout', target: 'bye', condition: turnAtLeast(9), order: 1 },
        ],
      },
      {
        id: 'bye',
        type: 'end',
        message: { mode: 'static', text: 'Thanks for calling {%brand%}. Goodbye {{user.name}}.' },
      },
    ],
  });
}

const NAMES = ['Dana', 'Lee', 'Sam', 'Ravi', 'Mia', 'Tom', 'Ana', 'Kai', 'Zoe', 'Ben', 'Eva', 'Ian'];
const GOALS = [
  'You were charged twice for your March bill and want one charge refunded.',
  'Your bill went up by 12 dollars and you want to know why.',
  'You want to cancel the premium add-on and check the final charge.',
  'You see a late fee although you paid on time, and want it removed.',
];

/** `n` tests with model callers (distinct names and goals), or fixed caller lines when `script` is given. */
export function benchSuite(
  n: number,
  opts: { maxTurns?: number; script?: string[]; twoStepEvery?: number } = {},
): TestSuite {
  const tests: TestCaseInput[] = Array.from({ length: n }, (_, i) => ({
    name: `caller ${i + 1}`,
    persona: {
      name: NAMES[i % NAMES.length],
      identity: { name: NAMES[i % NAMES.length], account: `AC-${1000 + i}` },
      goal: GOALS[i % GOALS.length],
      personality: { temperament: 'calm', verbosity: 'low' },
    },
    dynamic_variables: { user: { name: NAMES[i % NAMES.length] }, account: `AC-${1000 + i}` },
    max_turns: opts.maxTurns ?? 10,
    ...(opts.script ? { caller_script: opts.script.map((l) => `${l} (${NAMES[i % NAMES.length]})`) } : {}),
    ...(opts.twoStepEvery && i % opts.twoStepEvery === opts.twoStepEvery - 1 ? { two_step_judge: true } : {}),
  }));
  return TestSuite.parse({ name: 'bench', tests });
}

export function tempStore(prefix = 'parley-bench-'): { store: Store; dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const store = openStore(path.join(dir, 'bench.db'));
  return {
    store,
    dir,
    cleanup: () => {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A run of n stored conversations: one real 10-turn scripted conversation (single-node bench agent, judged at 0.8),
 * then n - 1 copies of its result written in one transaction (`vary` changes each copy). For benchmarks of work
 * over stored runs (re-judging, labels).
 */
export async function seedStoredConversations(
  store: Store,
  n: number,
  vary: (copy: Omit<Result, 'id'>, i: number) => Omit<Result, 'id'> = (copy) => copy,
): Promise<{ runId: string; template: Result }> {
  const graph = benchGraph({ singleNode: true });
  const { agent, version } = store.agents.create(graph);
  const model = scriptedModel({ name: 'bench', defaults: { caller_turns: 5, score: 0.8 } });
  const out = await runSuite({
    store,
    models: { agent: model, caller: model, judge: model },
    agent: { id: agent.id, version_id: version.id, name: graph.name, graph },
    suite: { id: null, name: 'bench', data: benchSuite(1, { maxTurns: 10 }) },
    options: { concurrency: 1 },
  });
  const [template] = out.results;
  store.transaction(() => {
    for (let i = 1; i < n; i++) {
      const { id: _id, ...rest } = template;
      store.results.insert(vary({ ...rest, test: `caller ${i + 1}`, test_index: i }, i));
    }
  });
  return { runId: out.run.id, template };
}

export interface TimedRun {
  outcome: RunOutcome;
  wallMs: number;
  turns: number;
}

/** startRun on the real store; resolves with the outcome and the wall time from startRun to done. */
export async function timedRun(o: {
  store: Store;
  models: RunModels;
  graph: AgentGraph;
  suite: TestSuite;
  concurrency: number;
  limits?: Partial<EngineLimits>;
  onEvent?: (e: RunEvent) => void;
}): Promise<TimedRun> {
  const { agent, version } = o.store.agents.create(o.graph);
  const t0 = performance.now();
  const handle = await startRun({
    store: o.store,
    models: o.models,
    agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
    suite: { id: null, name: o.suite.name, data: o.suite },
    options: { concurrency: o.concurrency },
    limits: o.limits ?? BENCH_LIMITS,
    onEvent: o.onEvent,
  });
  const outcome = await handle.done;
  const wallMs = performance.now() - t0;
  if (outcome.run.status !== 'completed')
    throw new Error(`run ${outcome.run.id} ended ${outcome.run.status}: ${outcome.run.error ?? ''}`);
  return { outcome, wallMs, turns: outcome.results.reduce((a, r) => a + r.turns, 0) };
}

/** Results that ended in an error (a benchmark of a broken run measures nothing). */
export function erroredResults(o: RunOutcome): string[] {
  return o.results.filter((r) => r.error).map((r) => `${r.test}: ${r.error}`);
}

/** "load 1.23 / 1.50 / 1.80" (1, 5, 15 min averages) for report titles. */
export function machineLoad(): string {
  return `load avg ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')}`;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
