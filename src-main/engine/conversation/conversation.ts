import type { AgentGraph, EndReason, GraphNode, TestCase, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { NoAnswer } from '../../../src-shared/schemas/index.js';
import { SimulatedCaller, type CallerTurn } from './caller.js';
import { ContextFullError, GraphRuntimeError, isCancelled } from '../errors.js';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { digitVariable, runNode, type Trigger } from './nodes/index.js';
import { Runtime } from './runtime.js';
import type { Decision } from './transitions.js';
import type { CallerBehaviour, ConversationOutcome, HeardCaller } from './types.js';
import { generateReply } from './agent-reply.js';
import { evaluateEquations } from './equations.js';
import { orderedConditionEdges } from './transitions.js';

export type { CallerBehaviour, ConversationOutcome, HeardCaller } from './types.js';

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
  hearCaller?: (text: string, turn: number) => Promise<HeardCaller>;
  /** Phone-caller behaviours (issue 27): silences and barge-ins, seeded. */
  behaviour?: CallerBehaviour;
}

type MoveDecision = Extract<Decision, { kind: 'move' }>;

function applyMove(rt: Runtime, from: GraphNode, d: MoveDecision): void {
  if (d.target === null) {
    const popped = rt.stack.pop();
    if (!popped)
      throw new GraphRuntimeError(
        `node ${from.id}: go-back condition ${d.via} matched but no origin is on the global stack`,
      );
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
      const path = rt.visits
        .slice(-6)
        .map((v) => v.node)
        .join(' -> ');
      throw new GraphRuntimeError(`transition loop: ${moves} node changes without a caller turn (recent: ${path})`);
    }
    applyMove(rt, node, out.decision);
    trigger = 'enter';
  }
}

/**
 * Step-wise API (runConversation's loop, and the interactive "Try it" session in ./interactive/).
 * `openConversation` enters the first node: the entry node (the agent speaks first when the graph
 * says so) or, when `startNode` is given, that node as if the conversation had just arrived there.
 */
export async function openConversation(rt: Runtime, startNode?: string): Promise<'end_node' | 'transfer' | undefined> {
  if (startNode === undefined) {
    const entry = rt.node(rt.graph.entry_node_id);
    rt.visit(entry.id, 'entry');
    if (rt.graph.first_speaker !== 'agent') return undefined;
    // A fixed opening line (Retell begin_message, VAPI firstMessage) is said verbatim; the entry node then waits for the caller.
    if (rt.graph.begin_message?.trim()) {
      rt.sayAgent(entry.id, rt.template(rt.graph.begin_message));
      return undefined;
    }
    return drive(rt, 'enter');
  }
  rt.visit(rt.node(startNode).id, 'start');
  return drive(rt, 'enter');
}

/** The simulated caller's next turn on the current node (a key press on a press_digit node). */
export function askCaller(rt: Runtime, caller: SimulatedCaller): Promise<CallerTurn> {
  const node = rt.node(rt.current);
  return node.type === 'press_digit'
    ? caller.pressDigit(rt.transcript, node.id)
    : caller.speak(rt.transcript, node.id, (t) => rt.token('caller', t));
}

/** How a caller turn came (issue 27): it cut in on the agent, or came after a pause shorter than the agent's wait. */
export interface CallerTurnHow {
  bargeIn?: boolean;
  pauseMs?: number;
}

/**
 * One caller turn (simulated or typed) and everything the graph does after it, until the agent
 * waits for the caller again (undefined) or the conversation ends (the end reason).
 */
export async function answerCaller(
  rt: Runtime,
  turn: CallerTurn,
  how: CallerTurnHow = {},
): Promise<EndReason | undefined> {
  const node = rt.node(rt.current);
  if (turn.done && !turn.message) return 'caller_done';
  rt.turns++;
  // caller speech: the agent hears the message through TTS -> STT; key presses stay digits
  const heard =
    rt.hearCaller && node.type !== 'press_digit' && turn.message.trim()
      ? await rt.hearCaller(turn.message, rt.transcript.length)
      : undefined;
  rt.sayCaller(turn.message, heard, {
    ...(how.bargeIn ? { barge_in: true } : {}),
    ...(how.pauseMs !== undefined ? { silence_ms: how.pauseMs } : {}),
  });
  if (node.type === 'press_digit') rt.vars.set(digitVariable(node), turn.message);
  if (turn.done) return 'caller_done';
  return drive(rt, 'caller');
}

/** The graph's no-answer handling (its defaults when it has none). */
export const noAnswerOf = (graph: AgentGraph): NoAnswer => graph.no_answer ?? NoAnswer.parse({});

/**
 * The caller said nothing for `ms`, at least the agent's wait (issue 27). The current node's equation edges
 * are tried with the silence variables set (`silences`, `caller_silent`: the `silence` condition); none
 * matching, the agent re-prompts, and after `max_reprompts` re-prompts in a row it ends the call.
 */
export async function answerSilence(rt: Runtime, ms: number): Promise<EndReason | undefined> {
  const node = rt.node(rt.current);
  rt.turns++;
  rt.sayNothing(ms);
  for (const t of orderedConditionEdges(node)) {
    if (t.condition.kind !== 'equation' || !evaluateEquations(t.condition, rt.vars).matched) continue;
    applyMove(rt, node, { kind: 'move', how: 'equation', via: t.id, target: t.target, reason: 'caller silent' });
    return drive(rt, 'enter');
  }
  const noAnswer = noAnswerOf(rt.graph);
  if (rt.silences > noAnswer.max_reprompts) {
    if (noAnswer.end_message?.trim()) rt.sayAgent(node.id, rt.template(noAnswer.end_message));
    return 'no_answer';
  }
  if (noAnswer.reprompt.mode === 'static') {
    const text = rt.template(noAnswer.reprompt.text);
    if (text.trim()) rt.sayAgent(node.id, text, { perturbation: { reprompt: true } });
  } else {
    await generateReply(rt, node, rt.template(noAnswer.reprompt.text), [], { reprompt: true });
  }
  return undefined;
}

/**
 * The caller's next turn with its phone behaviours (issue 27): a silence (the no-answer handling when it
 * lasts the agent's wait, else a pause before the caller answers), or the caller cutting in on the agent's
 * last turn; then the caller speaks. Key presses are never silent or cut in.
 */
export async function nextCallerTurn(
  rt: Runtime,
  caller: SimulatedCaller,
  behaviour: CallerBehaviour | undefined,
): Promise<EndReason | undefined> {
  const n = rt.turns + 1;
  const keypad = rt.node(rt.current).type === 'press_digit';
  const how: CallerTurnHow = {};
  if (behaviour && !keypad) {
    const silence = behaviour.silenceMs(n);
    if (silence !== undefined && silence >= noAnswerOf(rt.graph).after_ms) return answerSilence(rt, silence);
    if (silence !== undefined) how.pauseMs = silence;
    const last = rt.transcript[rt.transcript.length - 1];
    if (silence === undefined && last?.role === 'agent' && last.content.trim()) {
      const cut = await behaviour.bargeIn(n, last.content);
      if (cut && rt.interruptAgent(cut.words_said, cut.at_ms)) how.bargeIn = true;
    }
  }
  return answerCaller(rt, await askCaller(rt, caller), how);
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
    graph: inp.graph,
    test: inp.test,
    callId: inp.callId,
    calls: inp.calls,
    limits,
    signal: inp.signal,
    now: inp.now,
    onTurn: inp.onTurn,
    onToken: inp.onToken,
    hearCaller: inp.hearCaller,
  });
  const caller = new SimulatedCaller(
    inp.callerPrompt,
    inp.test.dynamic_variables,
    inp.calls,
    limits,
    inp.test.caller_script,
    inp.test.caller_script_ends_call,
    inp.test.redteam?.attacker_seed,
  );
  const maxTurns = inp.maxTurns ?? DEFAULT_MAX_TURNS;
  let endReason: EndReason | undefined;
  let error: string | null = null;
  try {
    endReason = await openConversation(rt, inp.test.start_node);
    while (!endReason) {
      if (rt.turns >= maxTurns) {
        endReason = 'max_turns';
        break;
      }
      rt.checkCancelled();
      endReason = await nextCallerTurn(rt, caller, inp.behaviour);
    }
  } catch (e) {
    ({ endReason, error } = endOfThrow(e, inp.signal));
  }
  return outcomeOf(rt, endReason, error);
}

/** What a conversation leaves: its transcript, path, tool calls, variables and how it ended. */
export function outcomeOf(
  rt: Runtime,
  endReason: ConversationOutcome['endReason'],
  error: string | null,
): ConversationOutcome {
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

/** How a conversation that threw ends: cancelled, its context full (the context policy: not an error; it is
 * judged on what happened), or an error with its message. One rule for simulated and checkpoint conversations. */
export function endOfThrow(
  e: unknown,
  signal: AbortSignal | undefined,
): { endReason: 'cancelled' | 'context_full' | 'error'; error: string | null } {
  if (isCancelled(e, signal)) return { endReason: 'cancelled', error: 'cancelled' };
  if (e instanceof ContextFullError) return { endReason: 'context_full', error: null };
  return { endReason: 'error', error: (e as Error)?.message ?? String(e) };
}
