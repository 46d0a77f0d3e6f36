import type { EndReason, NodeVisit, ToolCallRecord, TranscriptTurn } from '../../../src-shared/schemas/index.js';

/**
 * What one simulated conversation produces and what it hears, as plain data. Judges, runs and audio
 * evaluation read these without importing the conversation's code (which keeps the engine free of
 * import circles: judge/ -> conversation/types.ts only).
 */
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

/** A caller's line as the agent heard it through speech (or why it could not be heard). */
export interface HeardCaller {
  heard?: string;
  error?: string;
  stt_ms?: number;
}
