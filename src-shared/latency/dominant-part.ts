import type { TurnLatency } from '../schemas/transcript.js';

/** The parts a caller waits through, in the order they happen (docs/latency.md), named for people. */
export const WAIT_PARTS = [
  ['stt_ms', 'speech recognition'],
  ['routing_ms', 'routing'],
  ['first_token_ms', 'first token'],
  ['tts_first_audio_ms', 'speech synthesis'],
] as const satisfies readonly (readonly [keyof TurnLatency, string])[];

export interface WaitPart {
  key: (typeof WAIT_PARTS)[number][0];
  label: string;
  ms: number;
  /** Its share of the recorded parts' sum, 0..1. */
  share: number;
  estimated: boolean;
}

/**
 * What most of a turn's wait was made of: the largest of the parts `response_ms` sums (the full reply stands in
 * for a first token that was not recorded, as in response-latency.ts). Null when fewer than two parts were
 * recorded (nothing to choose between) or the parts sum to nothing.
 */
export function dominantWaitPart(latency: TurnLatency): WaitPart | null {
  const est = new Set(latency.estimated ?? []);
  const parts: Omit<WaitPart, 'share'>[] = [];
  for (const [key, label] of WAIT_PARTS) {
    const own = latency[key];
    const ms = key === 'first_token_ms' && own === undefined ? latency.full_reply_ms : own;
    if (ms !== undefined) parts.push({ key, label, ms, estimated: est.has(key) });
  }
  const sum = parts.reduce((s, p) => s + p.ms, 0);
  if (parts.length < 2 || sum <= 0) return null;
  const top = parts.reduce((a, b) => (b.ms > a.ms ? b : a));
  return { ...top, share: top.ms / sum };
}
