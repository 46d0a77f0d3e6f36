import type {
  EndReason,
  NodeVisit,
  ToolCallRecord,
  TranscriptTurn,
  TurnPerturbation,
  TurnSpeech,
} from '../../../src-shared/schemas/index.js';

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
  /** Word errors, audio length, cache, voice and rate (issue 27). */
  speech?: TurnSpeech;
  /** Noise and dropouts the line added. */
  perturbation?: TurnPerturbation;
}

/**
 * A simulated phone caller's behaviours in one conversation (issue 27), decided from a seed: the same
 * conversation of the same run does the same again. Made by engine/run/caller-behaviour.ts.
 */
export interface CallerBehaviour {
  /** The caller's turn `n` (1-based) is silent this long (ms), or undefined. */
  silenceMs(n: number): number | undefined;
  /**
   * Before the caller's turn `n`: when the caller cuts in on the agent's `text`, how far in (ms of speech)
   * and how many of its words were said by then; undefined when the caller lets the agent finish.
   */
  bargeIn(n: number, text: string): Promise<{ at_ms: number; words_said: number } | undefined>;
}
