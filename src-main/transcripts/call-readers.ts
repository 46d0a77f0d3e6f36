import { looksLikeBland, parseBland } from './bland.js';
import { parsePlain } from './plain.js';
import { looksLikeRetell, parseRetell } from './retell.js';
import { looksLikeTelnyx, parseTelnyx } from './telnyx.js';
import type { CallFormat, ParsedCall } from './types.js';
import { looksLikeVapi, parseVapi } from './vapi.js';

/** How one call log format is recognised and read. */
export interface CallReader {
  /** Structural test on the parsed JSON; cheap and side-effect free. */
  looksLike(data: unknown): boolean;
  /** Throws a CallFileError naming the file, the JSON path and what was expected. */
  parse(file: string, data: unknown, name: string): ParsedCall;
  /** What a file of it has, for the message when no format matched. */
  shape: string;
}

/**
 * THE main-side table of the format table's call log formats (`callLog: true`), keyed by the same ids.
 * Detection tries them in the order written (no reader but the plain list accepts an array).
 */
export const CALL_READERS: Readonly<Record<CallFormat, CallReader>> = {
  retell: {
    looksLike: looksLikeRetell,
    parse: parseRetell,
    shape: 'a Retell call (transcript_object / transcript_with_tool_calls)',
  },
  vapi: { looksLike: looksLikeVapi, parse: parseVapi, shape: 'a VAPI call (messages / artifact.messages)' },
  bland: { looksLike: looksLikeBland, parse: parseBland, shape: 'a Bland call (transcripts[] with user and text)' },
  telnyx: {
    looksLike: looksLikeTelnyx,
    parse: parseTelnyx,
    shape: 'Telnyx conversation messages ({data: [{role, text}]})',
  },
  plain: { looksLike: Array.isArray, parse: parsePlain, shape: 'a [{role, content}] list' },
};
