import type { NodeVisit, ToolCallRecord, TranscriptTurn } from '../../src-shared/schemas/index.js';

export const CALL_FORMATS = ['retell', 'vapi', 'bland', 'telnyx', 'plain'] as const;
export type CallFormat = (typeof CALL_FORMATS)[number];

/** One real call, converted to the shape of a Result's conversation. */
export interface ParsedCall {
  file: string;
  format: CallFormat;
  /** The call id when the file has one, else the file name without extension. */
  name: string;
  transcript: TranscriptTurn[];
  nodes_visited: NodeVisit[];
  tools_called: ToolCallRecord[];
  /** Dynamic variables the call carried, plus `call_id` / `user_number` when known. */
  variables: Record<string, unknown>;
  /** Caller turns (what the engine counts as turns). */
  turns: number;
  duration_ms: number;
  started_at: string | null;
  finished_at: string | null;
  /** Why the call ended, as the platform reported it (not a Parley end reason). */
  ended_reason: string | null;
}
