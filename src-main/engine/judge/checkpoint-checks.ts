import type {
  AgentGraph,
  CheckResult,
  CheckpointExpect,
  MetricResult,
  ToolCallRecord,
  TranscriptTurn,
} from '../../../src-shared/schemas/index.js';
import type { CheckpointStep } from '../conversation/checkpoint-step.js';
import { partialMatch } from '../conversation/mocks.js';
import { getIn, parsePath } from '../conversation/variables/index.js';
import type { EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { judgeMetrics } from './llm-judge.js';
import { DEFAULT_METRIC_THRESHOLD } from './metric-specs.js';

/**
 * The checks of a checkpoint test (issue 34), over its one step only. Each `expect` key is a check with its
 * own verdict and reason: next_node, tool_call, no_tool_call and variables as assertions (`checkpoint.*`),
 * includes/excludes/patterns as rules over the step's own turns (check-kinds.ts reads each key and runs its
 * checker), metrics judged by the judge model on the step's reply (the history shown as context).
 */

const text = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v ?? null));

function nodeId(graph: AgentGraph, ref: string): string {
  if (graph.nodes.some((n) => n.id === ref)) return ref;
  const byName = graph.nodes.filter((n) => n.name === ref);
  return byName.length === 1 ? byName[0].id : ref;
}

export function checkNextNode(graph: AgentGraph, step: CheckpointStep, expected: string): CheckResult {
  const want = nodeId(graph, expected);
  const stepVisits = step.visits.slice(step.givenVisits);
  // entering the start node (no caller message to answer) is not a move
  const moves = (stepVisits[0]?.reason === 'start' ? stepVisits.slice(1) : stepVisits).map((v) => v.node);
  const verb = moves.length ? 'went to' : 'stayed on';
  const passed = step.endNode === want;
  return {
    kind: 'checkpoint.next_node',
    target: expected,
    passed,
    message: passed ? `${verb} ${step.endNode}` : `${verb} ${step.endNode}, expected ${want}`,
    details: { path: [step.startNode, ...moves], end_node: step.endNode },
  };
}

const showCall = (c: ToolCallRecord) => `${c.name}(${JSON.stringify(c.args ?? {})})`;

function argsMismatch(expected: Record<string, unknown>, actual: Record<string, unknown>, exact: boolean): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(expected))
    if (!(k in actual)) out.push(`${k} missing, expected ${text(v)}`);
    else if (!partialMatch(v, actual[k])) out.push(`${k} ${text(actual[k])}, expected ${text(v)}`);
  if (exact)
    for (const k of Object.keys(actual)) if (!(k in expected)) out.push(`${k} ${text(actual[k])} not expected`);
  return out;
}

export function checkToolCall(
  calls: ToolCallRecord[],
  expected: NonNullable<CheckpointExpect['tool_call']>,
): CheckResult {
  const base = { kind: 'checkpoint.tool_call', target: expected.name };
  const named = calls.filter((c) => c.name === expected.name);
  if (!named.length)
    return {
      ...base,
      passed: false,
      message: calls.length
        ? `called ${calls.map(showCall).join(', ')}, expected ${expected.name}`
        : `called no tool, expected ${expected.name}`,
      details: { calls: calls.map((c) => ({ name: c.name, args: c.args })) },
    };
  const exact = expected.match === 'exact';
  const wanted = expected.arguments ?? {};
  // the first call of that tool whose arguments match, else the first call's differences
  const fits = named.find((c) => argsMismatch(wanted, c.args ?? {}, exact).length === 0);
  if (fits) return { ...base, passed: true, message: `called ${showCall(fits)}`, details: { args: fits.args } };
  const diff = argsMismatch(wanted, named[0].args ?? {}, exact);
  return {
    ...base,
    passed: false,
    message: `called ${expected.name} with ${diff.join('; ')}`,
    details: { args: named[0].args, expected: wanted },
  };
}

export function checkNoToolCall(calls: ToolCallRecord[]): CheckResult {
  return {
    kind: 'checkpoint.no_tool_call',
    target: 'no tool call',
    passed: calls.length === 0,
    message: calls.length ? `called ${calls.map(showCall).join(', ')}, expected no tool call` : 'called no tool',
  };
}

function readVariable(vars: Record<string, unknown>, path: string): unknown {
  try {
    return getIn(vars, parsePath(path));
  } catch {
    return vars[path];
  }
}

export function checkVariables(vars: Record<string, unknown>, expected: Record<string, unknown>): CheckResult {
  const wrong: string[] = [];
  for (const [path, want] of Object.entries(expected)) {
    const got = readVariable(vars, path);
    if (got === undefined) wrong.push(`${path} not set, expected ${text(want)}`);
    else if (!partialMatch(want, got)) wrong.push(`${path} is ${text(got)}, expected ${text(want)}`);
  }
  const names = Object.keys(expected).join(', ');
  return {
    kind: 'checkpoint.variables',
    target: names,
    passed: wrong.length === 0,
    message: wrong.length ? wrong.join('; ') : `${names} as expected`,
    details: {
      expected,
      actual: Object.fromEntries(Object.keys(expected).map((p) => [p, readVariable(vars, p) ?? null])),
    },
  };
}

/** The transcript with the given history blanked out (same indices, so messages name the right turn). */
export function stepOnly(step: CheckpointStep): TranscriptTurn[] {
  return step.transcript.map((t, i) => (i < step.givenTurns ? { role: 'tool' as const, content: '' } : t));
}

/** The step's tool calls (the given history's left out). */
export const stepToolCalls = (step: CheckpointStep): ToolCallRecord[] => step.toolCalls.slice(step.givenToolCalls);

/** A step's tool calls that no mock or tool message of the history answered: one failed check naming them. */
export function checkStepUnmocked(calls: ToolCallRecord[]): CheckResult[] {
  const unmocked = calls.filter((c) => !c.mocked);
  if (!unmocked.length) return [];
  return [
    {
      kind: 'unmocked_tool',
      target: unmocked.map((c) => c.name).join(', '),
      passed: false,
      message: `no mock or tool message in the history answers ${unmocked.map((c) => c.name).join(', ')}`,
    },
  ];
}

/** The step's metrics: the judge reads the whole transcript and is told to judge only the step's turns. */
export async function checkpointMetrics(
  calls: ModelCalls,
  step: CheckpointStep,
  expect: CheckpointExpect,
  threshold: number | undefined,
  limits?: Partial<EngineLimits>,
): Promise<MetricResult[]> {
  const specs = (expect.metrics ?? []).map((m) =>
    typeof m === 'string'
      ? { criterion: m, threshold: threshold ?? DEFAULT_METRIC_THRESHOLD }
      : { criterion: (m.criterion ?? m.criteria)!, threshold: m.threshold ?? threshold ?? DEFAULT_METRIC_THRESHOLD },
  );
  if (!specs.length) return [];
  const from = step.givenTurns + 1;
  const scope = `Judge only the agent's step from turn [${from}] on (the turns before it are given history): `;
  const out = await judgeMetrics(
    calls,
    step.transcript,
    specs.map((s) => ({ criterion: scope + s.criterion, threshold: s.threshold, global: false })),
    { limits },
  );
  return out.map((m, i) => ({ ...m, criterion: specs[i].criterion }));
}
