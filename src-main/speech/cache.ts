/**
 * Keys and values of the speech round-trip cache (issue 27; kept in the store, store/repos/speech-cache.ts).
 * The key is a content hash of everything that decides what is heard: both engines' identity (program and
 * argv template, model file digest, server model and endpoint), voice, rate, the text, whether it was
 * spoken sentence by sentence, and the simulated line with its seed when the line adds anything random.
 * What a program version changes is not in the key: after upgrading an engine, clear the cache
 * (`parley speech cache --clear`).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { lineIsRandom, type LineSpec } from './line.js';
import type { SpeechIdentity } from './types.js';

/** Where cached round trips are kept (the store's speech_cache table). */
export interface RoundTripCache {
  get(key: string): unknown;
  put(key: string, value: unknown): void;
}

export const CachedRoundTrip = z.object({
  /** Absent for a text-to-speech-only entry (a line's length for a barge-in). */
  heard: z.string().optional(),
  audio_ms: z.number().min(0),
  tts_ms: z.number().min(0),
  /** Text-to-speech of the first sentence (the whole text when it was not spoken by sentence). */
  first_sentence_tts_ms: z.number().min(0),
  /** The engine's first audio chunk (engines that stream). */
  first_audio_ms: z.number().min(0).optional(),
  stt_ms: z.number().min(0).optional(),
  dropouts: z.array(z.object({ at_ms: z.number(), ms: z.number() })).optional(),
});
export type CachedRoundTrip = z.infer<typeof CachedRoundTrip>;

/** A stored value read back; anything that is not a round trip (another version's, a damaged row) is a miss. */
export function readCached(v: unknown): CachedRoundTrip | undefined {
  const r = CachedRoundTrip.safeParse(v);
  return r.success ? r.data : undefined;
}

const CACHE_VERSION = 1;

/** The line as it decides the audio: its seed only when it adds something random. */
function lineKey(line: LineSpec | undefined): unknown {
  if (!line) return null;
  const { seed, ...rest } = line;
  return lineIsRandom(line) ? { ...rest, seed } : rest;
}

export function cacheKey(
  kind: 'round-trip' | 'spoken-length',
  p: {
    tts: SpeechIdentity;
    stt?: SpeechIdentity;
    text: string;
    voice?: string;
    rate?: number;
    line?: LineSpec;
    bySentence?: boolean;
  },
): string {
  const parts = [
    CACHE_VERSION,
    kind,
    p.tts,
    p.stt ?? null,
    p.voice ?? null,
    p.rate && p.rate !== 1 ? p.rate : null,
    !!p.bySentence,
    lineKey(p.line),
    p.text,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
