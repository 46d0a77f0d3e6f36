import type { PlaygroundEvent } from '../../../src-shared/contract/events.js';
import type { PlaygroundMode, PlaygroundState, PlaygroundStep } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, EndReason, TestCase } from '../../../src-shared/schemas/index.js';
import type { ChatModel } from '../../providers/types.js';
import { SimulatedCaller } from '../conversation/caller.js';
import { answerCaller, askCaller, openConversation } from '../conversation/conversation.js';
import { isCancelled } from '../errors.js';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.js';
import { Runtime, type RuntimeInit } from '../conversation/runtime.js';
import { describeMoves, variableChanges } from './decision-log.js';
import { RecordingCalls } from './recording-calls.js';

/** Caller turns a Try-it conversation may have before it ends with `max_turns`. */
export const INTERACTIVE_MAX_TURNS = 40;

/** What a session reports about itself and cannot know (store ids, display names). */
export interface SessionInfo {
  agent_id: string;
  version_id: string | null;
  agent_name: string;
  persona: string | null;
  models: { agent: string; caller: string | null };
}

export interface InteractiveSessionInit {
  id: string;
  graph: AgentGraph;
  /** Dynamic variables, tool mocks, caller script (a scripted caller replaces the model). */
  test: TestCase;
  mode: PlaygroundMode;
  models: { agent: ChatModel; caller?: ChatModel };
  /** The simulated caller's instructions (see callerPrompt); needed for `step`. */
  callerPrompt?: string;
  /** Node to start on (entered as if the conversation had just arrived); the entry node when absent. */
  startNode?: string;
  maxTurns?: number;
  limits?: Partial<EngineLimits>;
  now?: () => Date;
  info: SessionInfo;
  idleTimeoutMs?: number;
  onEvent?: (e: PlaygroundEvent) => void;
}

/** Why a step was refused: `busy` (a step is running), `ended`, or `invalid` (e.g. step in manual mode). */
export class InteractiveError extends Error {
  constructor(
    readonly code: 'busy' | 'ended' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'InteractiveError';
  }
}

/** The engine's Runtime, telling the session each time the conversation enters a node. */
class LiveRuntime extends Runtime {
  constructor(
    init: RuntimeInit,
    private readonly onVisit: (node: string, reason: string, via?: string) => void,
  ) {
    super(init);
  }

  override visit(node: string, reason: string, via?: string): void {
    super.visit(node, reason, via);
    this.onVisit(node, reason, via);
  }
}

const END_TEXT: Record<EndReason, string> = {
  caller_done: 'the caller hung up',
  max_turns: 'the turn limit was reached',
  end_node: 'the agent ended the call',
  transfer: 'the agent transferred the call',
  context_full: "the model's context was full",
  no_answer: 'the caller said nothing and the agent ended the call',
  error: 'an error stopped it',
  cancelled: 'it was stopped',
  imported: 'imported',
  checkpoint: 'checkpoint step taken',
};

/**
 * A conversation driven one step at a time, on the engine's own pieces (Runtime, node handlers,
 * router, SimulatedCaller through conversation.ts's step-wise API). `open` runs the opening;
 * `say` is a caller turn typed by the user; `step` lets the simulated caller speak one turn. Each
 * step then lets the agent act until it waits for the caller again, and leaves a decision log.
 * One step at a time; `stop` cancels a running one.
 */
export class InteractiveSession {
  readonly id: string;
  readonly mode: PlaygroundMode;
  private readonly abort = new AbortController();
  private readonly calls: RecordingCalls;
  private readonly rt: LiveRuntime;
  private readonly caller?: SimulatedCaller;
  private readonly maxTurns: number;
  private readonly steps: PlaygroundStep[] = [];
  private busy = false;
  private opened = false;
  private running: Promise<unknown> | null = null;
  private endReason: EndReason | null = null;
  private error: string | null = null;
  private stopReason: string | null = null;
  /** Date.now() of the last call; the pool closes idle sessions. */
  lastActive = Date.now();

  constructor(private readonly init: InteractiveSessionInit) {
    this.id = init.id;
    this.mode = init.mode;
    const limits = { ...DEFAULT_LIMITS, ...init.limits };
    const { agent } = init.models;
    const callerModel = init.models.caller ?? agent;
    this.calls = new RecordingCalls({ agent, caller: callerModel, judge: agent }, this.abort.signal);
    const emit = (e: PlaygroundEvent) => init.onEvent?.(e);
    this.rt = new LiveRuntime(
      {
        graph: init.graph,
        test: init.test,
        callId: init.id,
        calls: this.calls,
        limits,
        signal: this.abort.signal,
        now: init.now,
        onTurn: (turn) =>
          emit({
            type: 'playground.turn',
            session_id: this.id,
            step: this.steps.length,
            index: this.rt.transcript.length - 1,
            turn,
          }),
        onToken: (role, chunk) =>
          emit({ type: 'playground.token', session_id: this.id, step: this.steps.length, role, chunk }),
      },
      (node, reason, via) =>
        emit({
          type: 'playground.node',
          session_id: this.id,
          step: this.steps.length,
          node,
          reason,
          ...(via ? { via } : {}),
        }),
    );
    if (init.startNode !== undefined) this.rt.node(init.startNode); // throws GraphRuntimeError naming the nodes
    if (init.mode === 'simulated' || init.test.caller_script) {
      this.caller = new SimulatedCaller(
        init.callerPrompt ?? '',
        init.test.dynamic_variables,
        this.calls,
        limits,
        init.test.caller_script,
        init.test.caller_script_ends_call,
      );
    }
    this.maxTurns = init.maxTurns ?? INTERACTIVE_MAX_TURNS;
  }

  get ended(): boolean {
    return this.endReason !== null;
  }

  get isBusy(): boolean {
    return this.busy;
  }

  touch(): void {
    this.lastActive = Date.now();
  }

  /** The opening: enters the start node; the agent speaks when it speaks first (or a start node was chosen). */
  open(): Promise<PlaygroundState> {
    if (this.opened) return Promise.resolve(this.state());
    this.opened = true;
    return this.run('open', undefined, () => openConversation(this.rt, this.init.startNode));
  }

  /** The user speaks as the caller; `done` hangs up after these words (or at once when there are none). */
  say(text: string, done = false): Promise<PlaygroundState> {
    const message = text.trim();
    if (!message && !done)
      return Promise.reject(new InteractiveError('invalid', 'type what the caller says (the message is empty)'));
    return this.run('caller', { text: message, by: 'you', done }, () => answerCaller(this.rt, { message, done }));
  }

  /** Simulated mode: the persona speaks one turn (or hangs up), then the agent answers. */
  step(): Promise<PlaygroundState> {
    const caller = this.caller;
    if (!caller)
      return Promise.reject(
        new InteractiveError(
          'invalid',
          'this conversation is in "I am the caller" mode: type the caller’s words instead',
        ),
      );
    return this.run('caller', undefined, async (log) => {
      const turn = await askCaller(this.rt, caller);
      log.caller = { text: turn.message, by: 'persona', done: turn.done };
      return answerCaller(this.rt, turn);
    });
  }

  /** Ends the conversation (cancelling a running step); false when it had already ended. */
  stop(reason = 'stopped by the user'): boolean {
    if (this.ended && !this.busy) return false;
    this.stopReason = reason;
    if (!this.ended && !this.busy) {
      this.endReason = 'cancelled';
      this.error = reason;
      this.emitState();
    }
    this.abort.abort(new Error(reason));
    void this.release();
    return true;
  }

  /** Stops and waits (bounded) for a running step, then closes the model sessions. */
  async dispose(reason = 'closed', timeoutMs = 5_000): Promise<void> {
    this.stop(reason);
    if (this.running)
      await Promise.race([this.running.catch(() => undefined), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    await this.release();
  }

  private release(): Promise<void> {
    return this.calls.disposeAll().catch(() => undefined);
  }

  private async run(
    kind: PlaygroundStep['kind'],
    caller: PlaygroundStep['caller'],
    fn: (log: { caller?: PlaygroundStep['caller'] }) => Promise<EndReason | undefined>,
  ): Promise<PlaygroundState> {
    if (kind === 'caller' && !this.opened) await this.open();
    if (this.endReason)
      throw new InteractiveError(
        'ended',
        `this conversation has ended (${END_TEXT[this.endReason]}): press Restart to start a new one`,
      );
    if (this.busy) throw new InteractiveError('busy', 'the agent is still answering: wait for this turn to finish');
    this.busy = true;
    this.touch();
    const rt = this.rt;
    const t0 = performance.now();
    const at = {
      turn: rt.transcript.length,
      visit: rt.visits.length,
      tool: rt.toolCalls.length,
      route: this.calls.routes.length,
      vars: rt.vars.snapshot(),
      node: rt.visits.length ? rt.current : null,
    };
    const log: { caller?: PlaygroundStep['caller'] } = { caller };
    let ended: EndReason | undefined;
    let error: string | undefined;
    const work = fn(log);
    this.running = work;
    try {
      ended = await work;
    } catch (e) {
      if (isCancelled(e, this.abort.signal)) {
        ended = 'cancelled';
        error = this.stopReason ?? 'stopped';
      } else {
        ended = 'error';
        error = (e as Error)?.message ?? String(e);
      }
    } finally {
      this.running = null;
    }
    if (!ended && rt.turns >= this.maxTurns) ended = 'max_turns';
    const visits = rt.visits.slice(at.visit);
    const routes = this.calls.routes.slice(at.route);
    const nodes = [...(at.node ? [at.node] : []), ...visits.map((v) => v.node)];
    const lastRoute = routes.filter((r) => r.node === rt.current).at(-1);
    const step: PlaygroundStep = {
      index: this.steps.length,
      kind,
      ...(log.caller ? { caller: log.caller } : {}),
      turns: { from: at.turn, to: rt.transcript.length },
      moves: describeMoves(this.init.graph, at.node, visits),
      routes,
      ...(kind === 'caller' && !visits.length && !ended && at.node
        ? {
            stayed: {
              node: at.node,
              reason: lastRoute && !lastRoute.chosen ? lastRoute.reason : 'no condition of this node held',
            },
          }
        : {}),
      variables: variableChanges(this.init.graph, at.vars, rt.vars.snapshot(), nodes),
      tools: rt.toolCalls.slice(at.tool),
      ...(ended ? { ended } : {}),
      ...(error ? { error } : {}),
      ms: Math.round(performance.now() - t0),
    };
    this.steps.push(step);
    if (ended && !this.endReason) {
      this.endReason = ended;
      this.error = error ?? null;
    }
    this.busy = false;
    this.touch();
    if (this.endReason) void this.release();
    return this.emitState();
  }

  private emitState(): PlaygroundState {
    const state = this.state();
    this.init.onEvent?.({ type: 'playground.state', session_id: this.id, state });
    return state;
  }

  /** What the conversation was started with: its test (variables, tool mocks, persona) and start node. */
  setup(): { test: TestCase; startNode?: string; graph: AgentGraph } {
    return {
      test: this.init.test,
      graph: this.init.graph,
      ...(this.init.startNode ? { startNode: this.init.startNode } : {}),
    };
  }

  state(): PlaygroundState {
    const rt = this.rt;
    const t = this.calls.totals();
    return {
      session_id: this.id,
      ...this.init.info,
      mode: this.mode,
      start_node: this.init.startNode ?? null,
      current_node: rt.visits.length ? rt.current : null,
      transcript: [...rt.transcript],
      visits: [...rt.visits],
      variables: rt.vars.snapshot(),
      steps: [...this.steps],
      turns: rt.turns,
      max_turns: this.maxTurns,
      busy: this.busy,
      ended: this.endReason !== null,
      end_reason: this.endReason,
      error: this.error,
      tokens: { prompt: t.prompt, completion: t.completion },
      idle_timeout_ms: this.init.idleTimeoutMs ?? 0,
    };
  }
}
