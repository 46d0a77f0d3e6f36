import type {
  AgentGraph,
  Checkpoint,
  CheckpointExpect,
  CheckpointMessage,
  Result,
  TestCase,
  TestCaseInput,
} from '../../../src-shared/schemas/index.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';
import { invalid } from '../errors.js';

/**
 * A stored agent turn as a checkpoint test (issue 34, `parley pin`, "Make a test from this turn"): the transcript
 * before the step that said it, the node the engine was on, the variables it held, and as expectation what
 * the step did (the node it ended on, its tool call or none), plus the original test's checks that concern
 * that step (rules that matched in it, its metrics): so a pinned passing turn passes again on the same model
 * and a pinned failing one fails until the agent is fixed. The reply itself is kept as `reference`, unchecked.
 *
 * What a stored result does not keep per turn: the variables (only their values at the end of the call) and the
 * global-node stack. Variables are reconstructed from the nodes visited before the step (the ones those nodes
 * set, with their value at the end of the call); `notes` says so whenever it matters.
 */

export interface PinnedTest {
  /** As a person writes it (no defaults filled in). */
  test: TestCaseInput;
  /** What could not be taken as it was at that moment, in words. */
  notes: string[];
}

const SYSTEM = new Set(['current_time', 'current_date', 'call_id', 'user_number', 'turn', 'params', 'tool_error']);

/** Top-level variable names a node sets (extract, function outputs and actions, keypad). */
function setBy(graph: AgentGraph, nodeId: string): string[] {
  const n = graph.nodes.find((x) => x.id === nodeId);
  if (!n) return [];
  const root = (p: string) => p.split(/[.[]/)[0];
  if (n.type === 'extract') return n.variables.map((v) => root(v.name));
  if (n.type === 'function')
    return [...n.output_variables.map((o) => root(o.variable)), ...n.actions.map((a) => root(a.path))];
  if (n.type === 'press_digit') return [n.variable || 'digit'];
  return [];
}

/** The transcript's messages as checkpoint history; tool turns take their call from tools_called in order. */
function history(r: Result, upTo: number): CheckpointMessage[] {
  let call = 0;
  return r.transcript.slice(0, upTo).map((t) => {
    if (t.role !== 'tool')
      return { role: t.role, content: t.content, ...(t.role === 'agent' && t.node ? { node: t.node } : {}) };
    const c = r.tools_called[call++];
    const answer = c
      ? c.error !== undefined
        ? JSON.stringify({ error: c.error })
        : JSON.stringify(c.result ?? null)
      : t.content;
    return { role: 'tool', tool: c?.name ?? t.tool ?? 'tool', content: answer, ...(c ? { arguments: c.args } : {}) };
  });
}

export function pinTurn(
  r: Result,
  graph: AgentGraph,
  original: TestCase | undefined,
  turn: number,
  from: { run: string },
): PinnedTest {
  const agentTurns = r.transcript.flatMap((t, i) => (t.role === 'agent' ? [turnNumber(i)] : []));
  const k = turn - 1;
  if (r.transcript[k]?.role !== 'agent')
    throw invalid(
      `turn ${turn} of result ${r.id} is not an agent turn (agent turns: ${agentTurns.join(', ') || 'none'})`,
      'turn',
    );
  if (r.checkpoint && k < r.checkpoint.given_turns)
    throw invalid(`turn ${turn} of result ${r.id} is given history, not a step the agent took`, 'turn');
  const notes: string[] = [];
  // the step that said turn k starts after the last caller turn before it
  let c = k - 1;
  while (c >= 0 && r.transcript[c].role !== 'caller') c--;
  const answers = c >= 0;
  let next = r.transcript.findIndex((t, i) => i > k && t.role === 'caller');
  if (next < 0) next = r.transcript.length;
  // visits are numbered by the transcript length when the node was entered: the step's are after turn c
  const before = answers ? r.nodes_visited.filter((v) => v.turn <= c) : [];
  const inStep = r.nodes_visited.filter((v) => (answers ? v.turn > c : true) && v.turn <= next);
  const startNode = answers
    ? (before[before.length - 1]?.node ?? r.transcript[c].node ?? graph.entry_node_id)
    : (inStep[0]?.node ?? graph.entry_node_id);
  const endNode = inStep[inStep.length - 1]?.node ?? startNode;
  // tool calls of the step: the tool turns between its start and the next caller turn
  const toolIndex = (i: number) => r.transcript.slice(0, i).filter((t) => t.role === 'tool').length;
  const stepCalls = r.tools_called.slice(toolIndex(answers ? c + 1 : k), toolIndex(next));

  const variables: Record<string, unknown> = {};
  for (const v of before)
    for (const name of setBy(graph, v.node))
      if (!SYSTEM.has(name) && name in r.variables) variables[name] = r.variables[name];
  if (Object.keys(variables).length)
    notes.push(
      `variables ${Object.keys(variables).join(', ')}: a result keeps only their values at the end of the call; these are those values, set by nodes visited before this turn`,
    );
  if (before.some((v) => v.reason === 'global'))
    notes.push(
      'a global node was entered before this turn: the global-node stack (where go-back returns) is not restored',
    );

  const expect: CheckpointExpect = { next_node: endNode };
  if (stepCalls.length) expect.tool_call = { name: stepCalls[0].name, arguments: stepCalls[0].args };
  else expect.no_tool_call = true;
  // the original test's checks that concern this step
  const first = answers ? c + 1 : k;
  const inRange = (t: unknown) => typeof t === 'number' && t >= first && t < next;
  const carried = (kind: string) =>
    r.rules.filter((x) => x.kind === kind && inRange(x.details?.turn)).map((x) => x.target);
  const includes = carried('includes');
  const patterns = carried('pattern');
  // an exclude that failed here failed on this step; one that held is carried too (it held in the whole call)
  const excludes = r.rules
    .filter((x) => x.kind === 'excludes' && (x.passed || inRange(x.details?.turn)))
    .map((x) => x.target);
  if (includes.length) expect.includes = includes;
  if (excludes.length) expect.excludes = excludes;
  if (patterns.length) expect.patterns = patterns;
  const metrics = r.metrics
    .filter((m) => !m.global && (!m.turns?.length || m.turns.some(inRange)))
    .map((m) => ({ criterion: m.criterion, threshold: m.threshold }));
  if (metrics.length) {
    expect.metrics = metrics;
    if (r.metrics.some((m) => !m.global && !m.turns?.length))
      notes.push('metrics that cite no turn are about the whole call: carried as they are; narrow them to this step');
  }

  const checkpoint: Checkpoint = {
    start_node: startNode,
    transcript: history(r, answers ? c + 1 : k),
    ...(Object.keys(variables).length ? { variables } : {}),
    expect,
    reference: r.transcript
      .slice(first, next)
      .filter((t) => t.role === 'agent')
      .map((t) => t.content)
      .join('\n'),
    pinned_from: { run: from.run, result: r.id, turn },
  };
  const test: TestCaseInput = {
    name: `${r.test}: turn ${turn}`,
    ...(original?.dynamic_variables && Object.keys(original.dynamic_variables).length
      ? { dynamic_variables: original.dynamic_variables }
      : {}),
    ...(original?.tool_mocks.length ? { tool_mocks: original.tool_mocks } : {}),
    ...(original?.metric_threshold !== undefined ? { metric_threshold: original.metric_threshold } : {}),
    checkpoint,
  };
  if (!original)
    notes.push(`the run's suite snapshot has no test ${r.test_index + 1}: its variables and tool mocks are not copied`);
  return { test, notes };
}
