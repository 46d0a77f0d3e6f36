/** A transcript without its measured latencies (wall-clock figures differ from run to run; docs/latency.md). */
export function withoutLatency<T extends { latency?: unknown }>(transcript: readonly T[]): Omit<T, 'latency'>[] {
  return transcript.map(({ latency: _latency, ...turn }) => turn);
}
