import type { AgentGraph, Checkpoint, TestCase, ToolMock } from '../../../src-shared/schemas/index.js';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { answerCaller, endOfThrow, openConversation, outcomeOf } from './conversation.js';
import { Runtime } from './runtime.js';
import type { ConversationOutcome } from './types.js';
import { deepMerge } from './variables/index.js';

/**
 * A checkpoint test's one agent step (issue 34), on the conversation runtime every test uses: the runtime is
 * set up at the given moment (start node, variables, the history as the agent model saw it, the tool answers
 * the transcript gives), then exactly one step runs: the agent answers the last caller message (routing,
 * extraction, tool calls, the reply) or, when the history does not end with the caller, enters the start node
 * and speaks. It stops as soon as the agent waits for the caller (or the call ends). No caller model.
 */

export interface CheckpointStepInput {
  graph: AgentGraph;
  test: TestCase & { checkpoint: Checkpoint };
  callId: string;
  calls: ModelCalls;
  limits?: Partial<EngineLimits>;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface CheckpointStep extends ConversationOutcome {
  /** transcript[0 .. givenTurns) is the given history. */
  givenTurns: number;
  /** Tool calls [0 .. givenToolCalls) are the given history's. */
  givenToolCalls: number;
  /** Visits [0 .. givenVisits) set the start node up. */
  givenVisits: number;
  startNode: string;
  /** The node the agent is on when the step ends. */
  endNode: string;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The test's mocks, then one per tool the history answered that has no mock: its last answer. */
export function checkpointMocks(test: TestCase, cp: Checkpoint): ToolMock[] {
  const mocked = new Set(test.tool_mocks.map((m) => m.tool));
  const fromHistory = new Map<string, ToolMock>();
  for (const m of cp.transcript)
    if (m.role === 'tool' && m.tool && !mocked.has(m.tool))
      fromHistory.set(m.tool, { tool: m.tool, response: parsed(m.content) });
  return [...test.tool_mocks, ...fromHistory.values()];
}

/** Lays the given history into the runtime (transcript, the agent model's history, tool calls); the start node is entered before the last agent message. */
function layHistory(rt: Runtime, cp: Checkpoint, startNode: string, upTo: number, enter: boolean): void {
  const messages = cp.transcript.slice(0, upTo);
  let lastAgent = -1;
  messages.forEach((m, i) => {
    if (m.role === 'agent') lastAgent = i;
  });
  if (enter && lastAgent < 0) rt.visit(startNode, 'start');
  messages.forEach((m, i) => {
    if (enter && i === lastAgent) rt.visit(startNode, 'start');
    if (m.role === 'agent') {
      const node = m.node ?? (enter && i >= lastAgent ? startNode : undefined);
      rt.transcript.push({ role: 'agent', content: m.content, ...(node ? { node } : {}) });
      rt.history.push({ role: 'assistant', content: m.content });
    } else if (m.role === 'caller') {
      rt.turns++;
      rt.transcript.push({ role: 'caller', content: m.content, node: rt.current });
      rt.history.push({ role: 'user', content: m.content });
    } else {
      const name = m.tool ?? 'tool';
      const args = m.arguments ?? {};
      const id = `given_call_${rt.toolCalls.length}`;
      rt.toolCalls.push({ name, args, result: parsed(m.content), node: rt.current, mocked: true });
      rt.transcript.push({
        role: 'tool',
        content: `${name}(${JSON.stringify(args)}) -> ${m.content}`,
        node: rt.current,
        tool: name,
      });
      rt.history.push({ role: 'assistant', content: '', tool_calls: [{ id, name, arguments: args }] });
      rt.history.push({ role: 'tool', content: m.content, tool_call_id: id, name });
    }
  });
}

export async function runCheckpointStep(inp: CheckpointStepInput): Promise<CheckpointStep> {
  const cp = inp.test.checkpoint;
  const test: TestCase = {
    ...inp.test,
    dynamic_variables: cp.variables ? deepMerge(inp.test.dynamic_variables, cp.variables) : inp.test.dynamic_variables,
    tool_mocks: checkpointMocks(inp.test, cp),
  };
  const rt = new Runtime({
    graph: inp.graph,
    test,
    callId: inp.callId,
    calls: inp.calls,
    limits: { ...DEFAULT_LIMITS, ...inp.limits },
    signal: inp.signal,
    now: inp.now,
  });
  const last = cp.transcript[cp.transcript.length - 1];
  const answers = last?.role === 'caller';
  let startNode = inp.graph.entry_node_id;
  let endReason: ConversationOutcome['endReason'] = 'checkpoint';
  let error: string | null = null;
  let given = { turns: 0, toolCalls: 0, visits: 0 };
  try {
    startNode = rt.node(cp.start_node ?? inp.graph.entry_node_id).id;
    layHistory(rt, cp, startNode, answers ? cp.transcript.length - 1 : cp.transcript.length, answers);
    given = {
      turns: rt.transcript.length + (answers ? 1 : 0),
      toolCalls: rt.toolCalls.length,
      visits: rt.visits.length,
    };
    // no caller message to answer: the agent enters the start node and speaks
    const end = answers
      ? await answerCaller(rt, { message: last.content, done: false })
      : await openConversation(rt, startNode);
    if (end) endReason = end;
  } catch (e) {
    ({ endReason, error } = endOfThrow(e, inp.signal));
  }
  return {
    ...outcomeOf(rt, endReason, error),
    givenTurns: given.turns,
    givenToolCalls: given.toolCalls,
    givenVisits: given.visits,
    startNode,
    endNode: rt.current,
  };
}
