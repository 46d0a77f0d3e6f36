import { formatBytes } from '../../../src-shared/text/format-bytes.js';

/**
 * The most a model's reply may be, in bytes, per purpose of the call, before Parley parses it. A
 * server can send any amount; without a bound a runaway (or hostile) reply is held whole in memory
 * and then parsed. Every provider counts the reply as it reads it and stops at the bound: the call
 * fails with `bad_output` and a message naming the bound. The bounds are far above what the calls
 * ask for (a proposal asks for about 2,000 tokens, about 8 KB).
 */

const KB = 1024;
const MB = 1024 * KB;

export interface ReplyBound {
  purpose: string;
  bytes: number;
  /** What the reply is, for messages: "a proposal". */
  what: string;
}

const BOUNDS: Record<string, Omit<ReplyBound, 'purpose'>> = {
  propose: { bytes: 1 * MB, what: 'a proposal' },
  diagnose: { bytes: 1 * MB, what: 'a diagnosis' },
  judge: { bytes: 256 * KB, what: 'a judgement' },
  turn_quality: { bytes: 256 * KB, what: 'a judgement' },
  audio_judge: { bytes: 256 * KB, what: 'a judgement' },
  facts: { bytes: 256 * KB, what: 'the facts of a transcript' },
  route: { bytes: 64 * KB, what: 'a routing decision' },
  extract: { bytes: 256 * KB, what: 'an extraction' },
  tool_args: { bytes: 256 * KB, what: 'tool arguments' },
  digit: { bytes: 4 * KB, what: 'a key press' },
  caller: { bytes: 256 * KB, what: 'a caller turn' },
  chat: { bytes: 1 * MB, what: 'an agent turn' },
  agent: { bytes: 1 * MB, what: 'an agent turn' },
};
const OTHER: Omit<ReplyBound, 'purpose'> = { bytes: 4 * MB, what: 'a reply' };

/** The bound of a call's purpose (4 MB for a purpose not listed). */
export function replyBound(purpose: string | undefined): ReplyBound {
  const p = purpose ?? 'chat';
  return { purpose: p, ...(Object.hasOwn(BOUNDS, p) ? BOUNDS[p]! : OTHER) };
}

/** The message of a reply stopped at its bound. */
export function replyTooLargeText(b: ReplyBound): string {
  return `the reply passed ${formatBytes(b.bytes)}, the most Parley reads for ${b.what} (purpose "${b.purpose}"); it stopped reading there`;
}

/**
 * Raw bytes a response body may have for a reply of `b`: streamed replies are framed (one JSON event
 * of ~150 bytes per token of a few characters), a plain JSON body escapes the reply at most ~6x.
 */
export function rawBodyLimit(b: ReplyBound, streamed: boolean): number {
  return streamed ? b.bytes * 64 + MB : b.bytes * 6 + 64 * KB;
}

/** Counts a reply's bytes as it arrives; `add` answers false once it is past the bound. */
export class ReplyCounter {
  private bytes = 0;
  constructor(readonly bound: ReplyBound) {}
  add(chunk: string): boolean {
    this.bytes += Buffer.byteLength(chunk, 'utf8');
    return this.bytes <= this.bound.bytes;
  }
}

/** A response body read as text, stopped with `onOver()` thrown once it passes `limit` bytes. */
export async function readBoundedText(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  limit: number,
  onOver: () => Error,
): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) throw onOver(); // leaving the loop closes the body
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
