import type { TranscriptTurn } from '../../src-shared/schemas/index.js';

/** A transcript without its measured latencies (wall-clock figures differ from run to run; docs/latency.md). */
export function withoutLatency(transcript: readonly TranscriptTurn[]): Omit<TranscriptTurn, 'latency'>[] {
  return transcript.map(({ latency: _latency, ...turn }) => turn);
}
