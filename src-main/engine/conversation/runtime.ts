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
  /** Silent caller turns in a row (issue 27: the caller said nothing; 0 once the caller speaks). */
  silences = 0;
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
        silences: () => this.silences,
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

  /** Where the last agent turn's message is in `history` (a barge-in cuts it there too). */
  private lastAgentHistory = -1;

  /**
   * The agent says `text` on `node` (transcript + the agent model's history). `latency` carries parts measured
   * while the reply was written (the first sentence's time); `perturbation` marks a re-prompt after silence.
   */
  sayAgent(node: string, text: string, extra: Pick<TranscriptTurn, 'latency' | 'perturbation'> = {}): void {
    this.addTurn({ role: 'agent', content: text, node, ...extra });
    this.lastAgentHistory = this.history.length;
    this.history.push({ role: 'assistant', content: text });
  }

  sayCaller(text: string, heard?: HeardCaller, perturbation?: TranscriptTurn['perturbation']): void {
    const marks = { ...heard?.perturbation, ...perturbation };
    this.addTurn({
      role: 'caller',
      content: text,
      node: this.current,
      ...(heard?.heard !== undefined ? { heard: heard.heard } : {}),
      ...(heard?.error ? { speech_error: heard.error } : {}),
      ...(heard?.speech ? { speech: heard.speech } : {}),
      ...(Object.keys(marks).length ? { perturbation: marks } : {}),
    });
    // the agent receives what speech recognition heard (the text itself when the round trip failed)
    this.history.push({ role: 'user', content: heard?.heard ?? text });
    this.pendingSttMs = heard?.stt_ms;
    this.silences = 0;
  }

  /** The caller said nothing for `ms` (issue 27): a caller turn with no words; the agent is told of the silence. */
  sayNothing(ms: number): void {
    this.silences++;
    this.addTurn({ role: 'caller', content: '', node: this.current, perturbation: { silence_ms: ms } });
    this.history.push({ role: 'user', content: `(The caller said nothing for ${Math.round(ms / 1000)} seconds.)` });
  }

  /**
   * The caller cut in on the last agent turn (issue 27): it keeps only its first `wordsSaid` words, in the
   * transcript and in the agent's own history; the rest is kept in `perturbation.interrupted.unsaid`.
   * False when the last turn is not the agent's or the caller came in after it ended.
   */
  interruptAgent(wordsSaid: number, atMs: number): boolean {
    const last = this.transcript[this.transcript.length - 1];
    if (!last || last.role !== 'agent') return false;
    const words = last.content.split(/\s+/).filter(Boolean);
    if (wordsSaid >= words.length) return false;
    const said = words.slice(0, wordsSaid).join(' ');
    this.transcript[this.transcript.length - 1] = {
      ...last,
      content: said,
      perturbation: {
        ...last.perturbation,
        interrupted: {
          at_ms: Math.round(atMs),
          words_said: wordsSaid,
          words_total: words.length,
          unsaid: words.slice(wordsSaid).join(' '),
        },
      },
    };
    const h = this.history[this.lastAgentHistory];
    if (h && h.role === 'assistant' && h.content === last.content) {
      if (said) h.content = said;
      else if (this.lastAgentHistory === this.history.length - 1) this.history.pop();
      if (this.nodeEnteredAtHistory > this.history.length) this.nodeEnteredAtHistory = this.history.length;
    }
    return true;
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
