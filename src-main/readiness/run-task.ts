import {
  AgentGraph,
  type CallerTask,
  type ExtractionTask,
  type JudgingTask,
  type ReadinessFamily,
  type ReadinessItem,
  type RoutingTask,
  type TestCase,
  type TranscriptTurn,
} from '../../src-shared/schemas/index.js';
import { SimulatedCaller } from '../engine/conversation/caller.js';
import { CancelledError } from '../engine/errors.js';
import { judgeMetrics } from '../engine/judge/llm-judge.js';
import { DEFAULT_METRIC_THRESHOLD } from '../engine/judge/metric-specs.js';
import { DEFAULT_LIMITS } from '../engine/limits.js';
import { ModelCalls } from '../engine/model-io/model-calls.js';
import { extractVariables } from '../engine/conversation/nodes/extract.js';
import { makeRouter } from '../engine/conversation/router.js';
import { Runtime } from '../engine/conversation/runtime.js';
import type { ChatModel } from '../providers/types.js';
import { MeasuringModel, type MeasuredCall } from './measuring-model.js';

/**
 * One known-answer task through the SAME calls a run makes: the router (makeRouter), the extractor
 * (extractVariables), the judge (judgeMetrics) and the simulated caller (SimulatedCaller.speak).
 */

export type AnyTask =
  | { family: 'routing'; task: RoutingTask }
  | { family: 'extraction'; task: ExtractionTask }
  | { family: 'judging'; task: JudgingTask }
  | { family: 'caller'; task: CallerTask };

export interface TaskOutcome {
  item: ReadinessItem;
  calls: MeasuredCall[];
}

const emptyTest = { name: 'readiness check', dynamic_variables: {}, tool_mocks: [] } as unknown as TestCase;

const turns = (t: { role: 'agent' | 'caller'; content: string }[]): TranscriptTurn[] =>
  t.map((x) => ({ role: x.role, content: x.content, ...(x.role === 'agent' ? { node: 'task' } : {}) }));

function runtimeFor(
  task: { transcript: { role: 'agent' | 'caller'; content: string }[] },
  calls: ModelCalls,
  variables = [] as ExtractionTask['variables'],
) {
  const graph = AgentGraph.parse({ entry_node_id: 'task', nodes: [{ id: 'task', type: 'extract', variables }] });
  const rt = new Runtime({ graph, test: emptyTest, callId: 'readiness', calls, limits: DEFAULT_LIMITS });
  for (const t of turns(task.transcript)) rt.transcript.push(t);
  return rt;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** A typed comparison: numbers by value, text ignoring case, spaces and punctuation, null = not stored. */
export function sameValue(expected: unknown, got: unknown): boolean {
  if (expected === null) return got === undefined || got === null || got === '';
  if (typeof expected === 'number') return typeof got === 'number' && Math.abs(got - expected) < 1e-9;
  if (typeof expected === 'boolean') return got === expected;
  return typeof got === 'string' && norm(got) === norm(String(expected));
}

async function routing(task: RoutingTask, calls: ModelCalls) {
  const rt = runtimeFor(task, calls);
  const route = makeRouter(rt, rt.node('task'));
  const out = await route(task.conditions.map((c) => ({ key: c.id, prompt: c.prompt })));
  const got = out.key ?? 'none';
  return { correct: got === task.answer, expected: task.answer, got };
}

async function extraction(task: ExtractionTask, calls: ModelCalls) {
  const rt = runtimeFor(task, calls, task.variables);
  const node = rt.node('task');
  if (node.type !== 'extract') throw new Error('readiness: the task node is not an extract node');
  await extractVariables(rt, node);
  const got: Record<string, unknown> = {};
  for (const v of task.variables) got[v.name] = rt.vars.get(v.name);
  const correct = task.variables.every((v) => sameValue(task.expected[v.name], got[v.name]));
  const gotText = task.variables.map((v) => `${v.name}=${show(got[v.name])}`).join(', ');
  const expText = task.variables.map((v) => `${v.name}=${show(task.expected[v.name])}`).join(', ');
  return { correct, expected: expText, got: gotText };
}

async function judging(task: JudgingTask, calls: ModelCalls) {
  const [m] = await judgeMetrics(calls, turns(task.transcript), [
    { criterion: task.criterion, threshold: DEFAULT_METRIC_THRESHOLD, global: false },
  ]);
  const got = m ? `${m.passed ? 'pass' : 'fail'} (score ${m.score})` : 'no verdict';
  return { correct: !!m && m.passed === task.pass, expected: task.pass ? 'pass' : 'fail', got };
}

/** The caller's reply against the task's checks: one of `includes_any`, none of `excludes`, `done` as expected. */
export function callerVerdict(task: CallerTask, reply: { message: string; done: boolean }): string[] {
  const text = reply.message.toLowerCase();
  const wrong: string[] = [];
  const { includes_any, excludes, done } = task.expect;
  if (includes_any && !includes_any.some((s) => text.includes(s.toLowerCase())))
    wrong.push(`says none of ${includes_any.map((s) => `"${s}"`).join(', ')}`);
  const said = (excludes ?? []).filter((s) => text.includes(s.toLowerCase()));
  if (said.length) wrong.push(`says ${said.map((s) => `"${s}"`).join(', ')}`);
  if (done !== undefined && reply.done !== done) wrong.push(done ? 'does not hang up' : 'hangs up too early');
  return wrong;
}

async function caller(task: CallerTask, calls: ModelCalls) {
  const sim = new SimulatedCaller(task.persona, task.knows, calls, DEFAULT_LIMITS);
  const reply = await sim.speak(turns(task.transcript), 'task');
  const wrong = callerVerdict(task, reply);
  const e = task.expect;
  const expected = [
    e.includes_any ? `mentions ${e.includes_any[0]}` : '',
    e.excludes ? 'stays in character' : '',
    e.done !== undefined ? (e.done ? 'hangs up' : 'stays on the call') : '',
  ]
    .filter(Boolean)
    .join('; ');
  const got = `${JSON.stringify(reply.message.slice(0, 200))}${reply.done ? ' (hangs up)' : ''}${wrong.length ? ` - ${wrong.join('; ')}` : ''}`;
  return { correct: wrong.length === 0, expected, got };
}

export async function runReadinessTask(model: ChatModel, t: AnyTask, signal?: AbortSignal): Promise<TaskOutcome> {
  const measured = new MeasuringModel(model);
  const calls = new ModelCalls({ agent: measured, caller: measured, judge: measured }, signal);
  const base = { family: t.family as ReadinessFamily, id: t.task.id, tags: t.task.tags };
  try {
    const r =
      t.family === 'routing'
        ? await routing(t.task, calls)
        : t.family === 'extraction'
          ? await extraction(t.task, calls)
          : t.family === 'judging'
            ? await judging(t.task, calls)
            : await caller(t.task, calls);
    const valid = measured.calls.length > 0 && measured.calls.every((c) => c.valid);
    return { item: { ...base, ...r, valid }, calls: measured.calls };
  } catch (e) {
    if (e instanceof CancelledError || signal?.aborted) throw e;
    const error = (e as Error)?.message ?? String(e);
    return {
      item: { ...base, correct: false, valid: false, expected: '', got: 'error', error: error.slice(0, 500) },
      calls: measured.calls,
    };
  } finally {
    await calls.disposeAll();
  }
}
