import type { LatencyFigure } from './run-latency.js';

/** The latency figures a run report shows, in order, with their names (CLI and run page). */
export const LATENCY_ROWS: [LatencyFigure, string][] = [
  ['response_ms', 'response (what the caller waits)'],
  ['time_to_first_audio_ms', 'time to first audio, streamed by sentence'],
  ['time_to_first_audio_unstreamed_ms', 'time to first audio, not streamed'],
  ['first_token_ms', 'first token'],
  ['first_sentence_ms', 'first sentence written'],
  ['full_reply_ms', 'full reply'],
  ['routing_ms', 'routing'],
  ['stt_ms', 'speech recognition'],
  ['tts_first_audio_ms', 'speech synthesis, first audio'],
  ['tts_first_sentence_ms', 'speech synthesis, first sentence'],
];
