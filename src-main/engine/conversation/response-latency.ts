import type { TurnLatency } from '../../../src-shared/schemas/run.js';

/**
 * What a caller waits after they stop speaking, from the parts of one agent turn that were recorded: speech
 * recognition of their words, the routing decision(s), the reply until its first token (the full reply when the
 * provider did not stream: speech can only start once it is there), and text-to-speech until the first audio.
 * Returns the latency with `response_ms` set (unchanged when no part was recorded). Owned by the latency work
 * (issue 11 item 3); the speech work calls it after adding stt_ms / tts_first_audio_ms.
 */
export function withResponseMs(latency: TurnLatency): TurnLatency {
  const reply = latency.first_token_ms ?? latency.full_reply_ms;
  const parts = [latency.stt_ms, latency.routing_ms, reply, latency.tts_first_audio_ms].filter(
    (p): p is number => p !== undefined,
  );
  if (!parts.length) return latency;
  const response_ms = Math.round(parts.reduce((a, b) => a + b, 0) * 10) / 10;
  // a response of 0 assumed for static text is no longer an estimate once a measured part is in it
  const estimated = latency.estimated?.filter((e) => e !== 'response_ms');
  const { estimated: _old, ...rest } = latency;
  return { ...rest, response_ms, ...(estimated?.length ? { estimated } : {}) };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Time to first audio (issue 27), once the reply was spoken: with sentence-level streaming the caller hears
 * the first sentence as soon as it is written and synthesised (stt + routing + first sentence + its
 * text-to-speech); without, the whole reply is written and synthesised first (stt + routing + full reply +
 * all its text-to-speech). A static line has no reply call: its text-to-speech alone follows the routing.
 */
export function withTimeToFirstAudio(latency: TurnLatency, ttsAllMs: number): TurnLatency {
  if (latency.tts_first_sentence_ms === undefined) return latency;
  const before = (latency.stt_ms ?? 0) + (latency.routing_ms ?? 0);
  return {
    ...latency,
    time_to_first_audio_ms: round1(before + (latency.first_sentence_ms ?? 0) + latency.tts_first_sentence_ms),
    time_to_first_audio_unstreamed_ms: round1(before + (latency.full_reply_ms ?? 0) + ttsAllMs),
  };
}
