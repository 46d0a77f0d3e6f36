/**
 * One utterance through a speech engine, for the microphone and the spoken replies of Try it (issue 11):
 * `transcribe` recognises a recording the browser made (any WAV; converted to 16 kHz mono here), `synthesize`
 * speaks an agent's reply. The engines are the ones the user typed in the app (never specs from an imported file).
 */
import {
  createSpeechRegistry,
  durationMs,
  isSilent,
  NotWavError,
  SpeechError,
  toSpeechWav,
  type SpeechIdentity,
  type SpeechRegistry,
} from '../../speech/index.js';
import { createHash } from 'node:crypto';
import { invalid, unavailable } from '../errors.js';

/** Longest recording Try it sends (the web server's body limit is 10 MB). */
export const MAX_RECORDING_MS = 60_000;
/** Longest reply spoken at once. */
export const MAX_SPOKEN_CHARS = 4000;

export interface Transcription {
  text: string;
  audio_ms: number;
  stt_ms: number;
  stt: SpeechIdentity;
}

export interface Synthesis {
  /** 16 kHz mono 16-bit WAV. */
  audio: Buffer;
  audio_ms: number;
  tts_ms: number;
  first_audio_ms?: number;
  tts: SpeechIdentity;
  /** Served from the recent-audio cache (no engine call). */
  cached?: boolean;
}

function engineOf<T>(make: () => T, path: string): T {
  try {
    return make();
  } catch (e) {
    throw invalid((e as Error).message, path);
  }
}

export async function transcribe(
  req: { stt: string; audio: Buffer },
  o: { signal?: AbortSignal; registry?: SpeechRegistry } = {},
): Promise<Transcription> {
  const stt = engineOf(() => (o.registry ?? createSpeechRegistry()).stt(req.stt), 'stt');
  let wav: Buffer;
  try {
    // the header's rate and length are checked before any conversion (which runs off the event loop)
    wav = await toSpeechWav(req.audio, MAX_RECORDING_MS);
  } catch (e) {
    if (e instanceof NotWavError) throw invalid(`the recording is not audio Parley can read: ${e.message}`, 'audio');
    throw e;
  }
  const audio_ms = durationMs(wav);
  if (isSilent(wav))
    throw invalid('the recording is silent: check that the right microphone is chosen and not muted', 'audio');
  try {
    const out = await stt.stt(wav, { signal: o.signal });
    return { text: out.text.trim(), audio_ms, stt_ms: Math.round(out.timings.total_ms), stt: await stt.identity() };
  } catch (e) {
    if (e instanceof SpeechError) throw unavailable(e.message, 'stt');
    throw e;
  }
}

/** Recent syntheses by content hash (engine spec, voice, text): a turn played twice is synthesised once. */
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Synthesis>();
let cachedBytes = 0;

function remember(key: string, s: Synthesis): void {
  cache.set(key, s);
  cachedBytes += s.audio.length;
  for (const [k, v] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(k);
    cachedBytes -= v.audio.length;
  }
}

export async function synthesize(
  req: { tts: string; text: string; voice?: string },
  o: { signal?: AbortSignal; registry?: SpeechRegistry } = {},
): Promise<Synthesis> {
  const text = req.text.trim();
  if (!text) throw invalid('expected text to speak', 'text');
  if (text.length > MAX_SPOKEN_CHARS)
    throw invalid(`at most ${MAX_SPOKEN_CHARS.toLocaleString('en')} characters at once, got ${text.length}`, 'text');
  const tts = engineOf(() => (o.registry ?? createSpeechRegistry()).tts(req.tts), 'tts');
  const key = createHash('sha256')
    .update(JSON.stringify([req.tts.trim(), req.voice ?? '', text]))
    .digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return { ...hit, cached: true };
  }
  try {
    const out = await tts.tts(text, req.voice, { signal: o.signal });
    const made: Synthesis = {
      audio: out.audio,
      audio_ms: durationMs(out.audio),
      tts_ms: Math.round(out.timings.total_ms),
      ...(out.timings.first_audio_ms !== undefined ? { first_audio_ms: Math.round(out.timings.first_audio_ms) } : {}),
      tts: await tts.identity(),
    };
    remember(key, made);
    return made;
  } catch (e) {
    if (e instanceof SpeechError) throw unavailable(e.message, 'tts');
    throw e;
  }
}
