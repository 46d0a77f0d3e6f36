import type {
  AgentGraph,
  GraphNode,
  NodeVisit,
  TestCase,
  ToolCallRecord,
  TranscriptTurn,
} from '../../../src-shared/schemas/index.js';
import type { ChatMessage } from '../../providers/types.js';
import { CancelledError, GraphRuntimeError } from '../errors.js';
import { GlobalStack } from './global-stack.js';
import type { EngineLimits } from '../limits.js';
import { MockResolver } from './mocks.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { TurnLatencyMeter } from './turn-latency.js';
import { expandTemplate, expandValue } from './template.js';
import { VariableStore } from './variables/index.js';
import type { HeardCaller } from './types.js';

export interface RuntimeInit {
  graph: AgentGraph;
  test: TestCase;
  callId: string;
  calls: ModelCalls;
  limits: EngineLimits;
  signal?: AbortSignal;
  now?: () => Date;
  onTurn?: (turn: TranscriptTurn) => void;
  onToken?: (role: 'agent' | 'caller', chunk: string) => void;
  /** Caller speech (issue 11): how the agent hears a caller message (speech/ round trip). */
  hearCaller?: (text: string, turn: number) => Promise<HeardCaller>;
}

/**
 * The state of one conversation, shared by the node handlers: call context, global stack, mocks,
 * transcript (each agent turn tagged with its node), visits with reasons, tool calls, and the agent's
 * chat history (user/assistant/tool messages, the model's view of the transcript).
 */
export class Runtime {
  readonly graph: AgentGraph;
  readonly nodes: Map<string, GraphNode>;
  readonly vars: VariableStore;
  readonly stack = new GlobalStack();
  readonly mocks: MockResolver;
  readonly calls: ModelCalls;
  readonly limits: EngineLimits;
  readonly signal?: AbortSignal;
  readonly transcript: TranscriptTurn[] = [];
  readonly visits: NodeVisit[] = [];
  readonly toolCalls: ToolCallRecord[] = [];
  /** The agent model's messages (no system prompt: that depends on the node). */
  readonly history: ChatMessage[] = [];
  /** Caller turns so far. */
  turns = 0;
  current: string;
  /** Set by end/transfer nodes and the end_call/transfer_call tools. */
  endRequest: 'end_node' | 'transfer' | undefined;

  constructor(private readonly init: RuntimeInit) {
    this.graph = init.graph;
    this.nodes = new Map(init.graph.nodes.map((n) => [n.id, n]));
    this.calls = init.calls;
    this.latency = new TurnLatencyMeter(init.calls.records);
    this.limits = init.limits;
    this.signal = init.signal;
    this.mocks = new MockResolver(init.test.tool_mocks);
    const userNumber = init.test.dynamic_variables.user_number;
    this.vars = new VariableStore(
      { defaults: init.graph.default_variables, test: init.test.dynamic_variables },
      {
        callId: init.callId,
        userNumber: typeof userNumber === 'string' ? userNumber : undefined,
        now: init.now,
        turn: () => this.turns,
      },
    );
    this.current = init.graph.entry_node_id;
  }

  node(id: string): GraphNode {
    const n = this.nodes.get(id);
    if (!n)
      throw new GraphRuntimeError(
        `node "${id}" does not exist in the graph (nodes: ${[...this.nodes.keys()].join(', ')})`,
      );
    return n;
  }

  checkCancelled(): void {
    if (this.signal?.aborted) throw new CancelledError();
  }

  template(text: string): string {
    return expandTemplate(text, this.graph.snippets, this.vars);
  }

  templateValue(v: unknown): unknown {
    return expandValue(v, this.graph.snippets, this.vars);
  }

  /** Per agent turn latency from the model calls since the previous turn (docs/latency.md). */
  private readonly latency: TurnLatencyMeter;

  addTurn(turn: TranscriptTurn): void {
    if (turn.role === 'agent' && this.pendingSttMs !== undefined) {
      // the caller's words went through speech recognition before this reply (caller speech)
      turn = { ...turn, latency: { ...turn.latency, stt_ms: this.pendingSttMs } };
      this.pendingSttMs = undefined;
    }
    if (turn.role === 'agent') turn = { ...turn, latency: this.latency.agentTurn(turn.latency) };
    else if (turn.role === 'caller') this.latency.callerTurn();
    this.transcript.push(turn);
    this.init.onTurn?.(turn);
  }

  token(role: 'agent' | 'caller', chunk: string): void {
    this.init.onToken?.(role, chunk);
  }

  /** The agent says `text` on `node` (transcript + the agent model's history). */
  sayAgent(node: string, text: string): void {
    this.addTurn({ role: 'agent', content: text, node });
    this.history.push({ role: 'assistant', content: text });
  }

  sayCaller(text: string, heard?: HeardCaller): void {
    this.addTurn({
      role: 'caller',
      content: text,
      node: this.current,
      ...(heard?.heard !== undefined ? { heard: heard.heard } : {}),
      ...(heard?.error ? { speech_error: heard.error } : {}),
    });
    // the agent receives what speech recognition heard (the text itself when the round trip failed)
    this.history.push({ role: 'user', content: heard?.heard ?? text });
    this.pendingSttMs = heard?.stt_ms;
  }

  /** Speech recognition time of the last caller message, for the next agent turn's latency. */
  private pendingSttMs: number | undefined;

  get hearCaller(): RuntimeInit['hearCaller'] {
    return this.init.hearCaller;
  }

  /** The transcript as the agent received it: caller turns as speech recognition heard them (caller speech). */
  agentView(): TranscriptTurn[] {
    return this.transcript.map((t) => (t.role === 'caller' && t.heard !== undefined ? { ...t, content: t.heard } : t));
  }

  /** Where the current node was entered in `history`: its instruction is placed there (see agent-prompt.ts). */
  nodeEnteredAtHistory = 0;

  visit(node: string, reason: string, via?: string): void {
    this.current = node;
    this.nodeEnteredAtHistory = this.history.length;
    this.visits.push({ node, turn: this.transcript.length, reason, ...(via ? { via } : {}) });
  }
}
