/**
 * Time limits scaled to the work (issue 27). A fixed limit fails long audio on a loaded machine and waits
 * minutes for a short sentence that hung. Speech-to-text gets a real-time-factor budget (a multiple of the
 * audio's length, plus a start-up allowance: loading pocketsphinx's language model takes about 0.5 s of CPU),
 * text-to-speech a budget per character. A local program's budget is CPU time (cpu-watch.ts: a machine
 * shared with other work slows a recogniser down without it being stuck), with a much larger wall-clock cap
 * for a program that hangs; servers (openai:) and in-process engines get the wall-clock cap only. The limit
 * counts from when the engine starts on the call, never while it waits for a speech worker (pool.ts).
 */
import type { TimeLimit } from './types.js';

/** CPU-time start-up allowance of a call (a program starting, a model loading). */
export const BASE_CPU_MS = 10_000;
/** Speech-to-text may use this many CPU seconds per second of audio (pocketsphinx uses 0.3 to 0.8). */
export const STT_REAL_TIME_FACTOR = 2;
/** Text-to-speech may use this much CPU per character (flite speaks a sentence in about 0.07 s). */
export const TTS_CPU_MS_PER_CHAR = 20;
/** The wall-clock cap is this many times the CPU budget, plus a minute: for a program that hangs. */
export const WALL_FACTOR = 10;

const s = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

function limit(cpuMs: number, why: string): TimeLimit {
  const ms = Math.round(60_000 + WALL_FACTOR * cpuMs);
  return { cpuMs: Math.round(cpuMs), ms, why: `${why} of CPU time; at most ${s(ms)} of wall-clock time` };
}

export function sttLimit(audioMs: number): TimeLimit {
  return limit(
    BASE_CPU_MS + STT_REAL_TIME_FACTOR * audioMs,
    `${s(BASE_CPU_MS)} + ${STT_REAL_TIME_FACTOR} x the ${s(audioMs)} of audio`,
  );
}

export function ttsLimit(text: string): TimeLimit {
  return limit(
    BASE_CPU_MS + TTS_CPU_MS_PER_CHAR * text.length,
    `${s(BASE_CPU_MS)} + ${TTS_CPU_MS_PER_CHAR} ms x ${text.length} characters`,
  );
}

/** "no answer within 14 s of CPU time (the time limit: ...)", or within a wall-clock time. */
export function noAnswerWithin(limit: TimeLimit, by: 'cpu' | 'wall' = 'wall'): string {
  const used = by === 'cpu' && limit.cpuMs !== undefined ? `${s(limit.cpuMs)} of CPU time` : s(limit.ms);
  return `no answer within ${used} (the time limit: ${limit.why})`;
}
