/**
 * Time limits scaled to the work (issue 27): a fixed limit fails long audio on a loaded machine and waits
 * minutes for a short sentence that hung. Speech-to-text gets a real-time-factor budget (a multiple of the
 * audio's length, on top of a start-up allowance: loading pocketsphinx's language model takes about 0.5 s
 * of CPU), text-to-speech a budget per character. The limit counts from when the engine starts on the
 * call, never while it waits for a speech worker (pool.ts).
 */
import type { TimeLimit } from './types.js';

/** Start-up allowance of every call (a program starting, a model loading, a server answering). */
export const BASE_LIMIT_MS = 20_000;
/** Speech-to-text may take this many times the audio's length (pocketsphinx runs at 0.3-0.5 on one idle core). */
export const STT_REAL_TIME_FACTOR = 4;
/** Text-to-speech may take this long per character (flite speaks a sentence in about 0.07 s). */
export const TTS_MS_PER_CHAR = 40;

const s = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

export function sttLimit(audioMs: number): TimeLimit {
  const ms = Math.round(BASE_LIMIT_MS + STT_REAL_TIME_FACTOR * audioMs);
  return { ms, why: `${s(BASE_LIMIT_MS)} + ${STT_REAL_TIME_FACTOR} x the ${s(audioMs)} of audio` };
}

export function ttsLimit(text: string): TimeLimit {
  const ms = Math.round(BASE_LIMIT_MS + TTS_MS_PER_CHAR * text.length);
  return { ms, why: `${s(BASE_LIMIT_MS)} + ${TTS_MS_PER_CHAR} ms x ${text.length} characters` };
}

/** "no answer within 32 s (20 s + 4 x the 3.0 s of audio)". */
export function noAnswerWithin(limit: TimeLimit): string {
  return `no answer within ${s(limit.ms)} (the time limit: ${limit.why})`;
}
