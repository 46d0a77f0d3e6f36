import type { NodeVisit, ToolCallRecord, TranscriptTurn } from '../../src-shared/schemas/index.js';
import { toolTurn } from './tool-turns.js';

/**
 * Accumulates one imported conversation in the engine's shape: agent turns tagged with the node that
 * spoke them, caller turns with the active node, tool calls recorded with their result and a tool turn.
 */
export class ConversationBuilder {
  readonly transcript: TranscriptTurn[] = [];
  readonly visits: NodeVisit[] = [];
  readonly tools: ToolCallRecord[] = [];
  private readonly pending = new Map<string, ToolCallRecord>();
  private node: string | undefined;
  turns = 0;

  private withNode<T extends object>(x: T): T & { node?: string } {
    return this.node ? { ...x, node: this.node } : x;
  }

  agent(content: string): void {
    this.transcript.push(this.withNode({ role: 'agent' as const, content }));
  }

  caller(content: string): void {
    this.transcript.push(this.withNode({ role: 'caller' as const, content }));
    this.turns++;
  }

  /** The flow moved to `node` (Retell node_transition); the first one also records where it came from. */
  enter(node: string, reason: string, from?: string): void {
    if (!this.visits.length && from && from !== node) {
      this.visits.push({ node: from, turn: 0, reason: 'entry' });
      // Turns spoken before the first transition happened on the node it left.
      for (const t of this.transcript) if (!t.node) t.node = from;
      for (const t of this.tools) if (!t.node) t.node = from;
    }
    this.visits.push({ node, turn: this.transcript.length, reason: this.visits.length ? reason : 'entry' });
    this.node = node;
  }

  /** A tool call the agent made; `id` links it to its result. */
  invoke(id: string | undefined, name: string, args: Record<string, unknown>): void {
    const record: ToolCallRecord = this.withNode({ name, args, mocked: true });
    this.tools.push(record);
    if (id) this.pending.set(id, record);
    else this.transcript.push(toolTurn(record));
  }

  /** The result of a tool call; an unknown id records a call known only by its result. */
  result(id: string | undefined, name: string | undefined, result: unknown, error?: string): void {
    let record = id ? this.pending.get(id) : undefined;
    if (!record) {
      record = this.withNode({ name: name ?? 'unknown_tool', args: {}, mocked: true });
      this.tools.push(record);
    }
    if (id) this.pending.delete(id);
    if (error !== undefined) record.error = error;
    else record.result = result;
    this.transcript.push(toolTurn(record));
  }

  /** A tool turn known only by its text (plain transcripts). */
  toolText(content: string, tool?: string): void {
    this.transcript.push(this.withNode({ role: 'tool' as const, content, ...(tool ? { tool } : {}) }));
  }

  /** Calls that never got a result still appear in the transcript. */
  finish(): void {
    for (const record of this.pending.values()) this.transcript.push(toolTurn(record));
    this.pending.clear();
  }
}
