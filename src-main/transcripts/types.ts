import type { CallFormat } from '../../src-shared/formats/format-ids.js';
import type { NodeVisit, ToolCallRecord, TranscriptTurn } from '../../src-shared/schemas/index.js';

/** The format table's call log formats. */
export { CALL_FORMATS, type CallFormat } from '../../src-shared/formats/format-ids.js';

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
