import type {
  AgentGraph, EndReason, GraphNode, NodeVisit, TestCase, ToolCallRecord, TranscriptTurn,
} from '../../src-shared/schemas/index.js';
import { SimulatedCaller } from './caller.js';
import { GraphRuntimeError, isCancelled } from './errors.js';
import { DEFAULT_LIMITS, type EngineLimits } from './limits.js';
import type { ModelCalls } from './model-calls.js';
import { digitVariable, runNode, type Trigger } from './nodes/index.js';
import { Runtime } from './runtime.js';
import type { Decision } from './transitions.js';

export const DEFAULT_MAX_TURNS = 20;

export interface ConversationInput {
  graph: AgentGraph;
  test: TestCase;
  /** The `call_id` system variable (the result id). */
  callId: string;
  calls: ModelCalls;
  /** The caller's persona prompt (see callerPrompt). */
  callerPrompt: string;
  maxTurns?: number;
  limits?: Partial<EngineLimits>;
  signal?: AbortSignal;
  now?: () => Date;
  onTurn?: (turn: TranscriptTurn) => void;
  onToken?: (role: 'agent' | 'caller', chunk: string) => void;
}

export interface ConversationOutcome {
  transcript: TranscriptTurn[];
  visits: NodeVisit[];
  toolCalls: ToolCallRecord[];
  variables: Record<string, unknown>;
  endReason: EndReason;
  /** Caller turns. */
  turns: number;
  error: string | null;
}

type MoveDecision = Extract<Decision, { kind: 'move' }>;

function applyMove(rt: Runtime, from: GraphNode, d: MoveDecision): void {
  if (d.target === null) {
    const popped = rt.stack.pop();
    if (!popped) throw new GraphRuntimeError(`node ${from.id}: go-back condition ${d.via} matched but no origin is on the global stack`);
    rt.node(popped.origin);
    rt.visit(popped.origin, d.reason, d.via);
    return;
  }
  const target = rt.node(d.target).id;
  if (d.global) rt.stack.push(from.id, target);
  rt.visit(target, d.reason, d.via);
}

/** Runs the current node and follows moves until the conversation waits for the caller or ends. */
async function drive(rt: Runtime, trigger: Trigger): Promise<'end_node' | 'transfer' | undefined> {
  let moves = 0;
  for (;;) {
    rt.checkCancelled();
    const node = rt.node(rt.current);
    const out = await runNode(rt, node, trigger);
    if (out.kind === 'end') return out.reason;
    if (out.kind === 'wait') return undefined;
    if (++moves > rt.limits.maxAutoMoves) {
      const path = rt.visits.slice(-6).map((v) => v.node).join(' -> ');
      throw new GraphRuntimeError(`transition loop: ${moves} node changes without a caller turn (recent: ${path})`);
    }
    applyMove(rt, node, out.decision);
    trigger = 'enter';
  }
}

/**
 * One conversation between the agent graph and the simulated caller. Who speaks first comes from
 * the graph; the caller speaks, the current node decides (transitions, speech, tools) and the loop
 * repeats until the caller is done, an end/transfer node is reached, max turns (caller turns,
 * default 20), an error (`error`, with the message) or cancellation (`cancelled`).
 */
export async function runConversation(inp: ConversationInput): Promise<ConversationOutcome> {
  const limits = { ...DEFAULT_LIMITS, ...inp.limits };
  const rt = new Runtime({
    graph: inp.graph, test: inp.test, callId: inp.callId, calls: inp.calls, limits,
    signal: inp.signal, now: inp.now, onTurn: inp.onTurn, onToken: inp.onToken,
  });
  const caller = new SimulatedCaller(inp.callerPrompt, inp.test.dynamic_variables, inp.calls, limits, inp.test.caller_script);
  const maxTurns = inp.maxTurns ?? DEFAULT_MAX_TURNS;
  let endReason: EndReason | undefined;
  let error: string | null = null;
  try {
    rt.visit(rt.node(inp.graph.entry_node_id).id, 'entry');
    if (inp.graph.first_speaker === 'agent') endReason = await drive(rt, 'enter');
    while (!endReason) {
      if (rt.turns >= maxTurns) { endReason = 'max_turns'; break; }
      rt.checkCancelled();
      const node = rt.node(rt.current);
      const isDigit = node.type === 'press_digit';
      const turn = isDigit ? await caller.pressDigit(rt.transcript, node.id) : await caller.speak(rt.transcript, node.id);
      if (turn.done && !turn.message) { endReason = 'caller_done'; break; }
      rt.turns++;
      rt.sayCaller(turn.message);
      if (isDigit && node.type === 'press_digit') rt.vars.set(digitVariable(node), turn.message);
      if (turn.done) { endReason = 'caller_done'; break; }
      endReason = await drive(rt, 'caller');
    }
  } catch (e) {
    if (isCancelled(e, inp.signal)) {
      endReason = 'cancelled';
      error = 'cancelled';
    } else {
      endReason = 'error';
      error = (e as Error)?.message ?? String(e);
    }
  }
  return {
    transcript: rt.transcript,
    visits: rt.visits,
    toolCalls: rt.toolCalls,
    variables: rt.vars.snapshot(),
    endReason,
    turns: rt.turns,
    error,
  };
}
