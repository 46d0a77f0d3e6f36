import type { Result, TurnLatency } from '../schemas/run.js';

/** The figures of a turn's latency that the run summarises (every TurnLatency field but `estimated`). */
export const LATENCY_FIGURES = [
  'response_ms',
  'first_token_ms',
  'full_reply_ms',
  'routing_ms',
  'stt_ms',
  'tts_first_audio_ms',
  'first_sentence_ms',
  'tts_first_sentence_ms',
  'time_to_first_audio_ms',
  'time_to_first_audio_unstreamed_ms',
] as const;
export type LatencyFigure = (typeof LATENCY_FIGURES)[number];

/** Percentiles of one figure over a run's agent turns, in ms. */
export interface LatencyStat {
  /** Agent turns that carry this figure. */
  n: number;
  /** Of those, turns where it is estimated rather than measured (listed in the turn's `estimated`). */
  estimated: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** A run's latency: per figure the percentiles over its agent turns (null when no turn carries the figure). */
export type RunLatency = { agent_turns: number } & Record<LatencyFigure, LatencyStat | null>;

/** Nearest-rank percentile of ascending `sorted` (p in 0..100): a value that occurred, no interpolation. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Every agent turn's latency in a run's results, in transcript order. */
export function agentTurnLatencies(results: readonly Pick<Result, 'transcript'>[]): TurnLatency[] {
  return results.flatMap((r) => r.transcript.filter((t) => t.role === 'agent' && t.latency).map((t) => t.latency!));
}

function stat(values: number[], estimated: number): LatencyStat | null {
  if (!values.length) return null;
  // a typed array sorts numbers natively (no comparator calls): a 20,000-turn run stays cheap to read
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    n: sorted.length,
    estimated,
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    max: round1(sorted[sorted.length - 1]),
    mean: round1(sum / sorted.length),
  };
}

/** p50/p95 (nearest rank), max and mean of every latency figure over a run's agent turns. Pure; docs/latency.md. */
export function runLatency(results: readonly Pick<Result, 'transcript'>[]): RunLatency {
  const values = Object.fromEntries(LATENCY_FIGURES.map((f) => [f, [] as number[]])) as Record<LatencyFigure, number[]>;
  const estimated = Object.fromEntries(LATENCY_FIGURES.map((f) => [f, 0])) as Record<LatencyFigure, number>;
  let turns = 0;
  for (const r of results)
    for (const t of r.transcript) {
      const l = t.role === 'agent' ? t.latency : undefined;
      if (!l) continue;
      turns++;
      for (const f of LATENCY_FIGURES) {
        const v = l[f];
        if (v === undefined) continue;
        values[f].push(v);
        if (l.estimated?.includes(f)) estimated[f]++;
      }
    }
  const out = { agent_turns: turns } as RunLatency;
  for (const f of LATENCY_FIGURES) out[f] = stat(values[f], estimated[f]);
  return out;
}

/** One bar of a latency histogram: turns with lo <= value < hi (the last bar includes hi). */
export interface LatencyBin {
  lo: number;
  hi: number;
  count: number;
}

const NICE = [1, 2, 2.5, 5, 10];

/** A histogram of `values` (ms) in at most `maxBins` bars of a round width (1, 2, 2.5 or 5 x 10^k ms) from 0. */
export function latencyHistogram(values: readonly number[], maxBins = 12): LatencyBin[] {
  if (!values.length) return [];
  const max = Math.max(...values);
  const raw = max / maxBins || 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const width = (NICE.find((n) => n * mag >= raw) ?? 10) * mag;
  const bins = Math.max(1, Math.ceil(max / width) + (max % width === 0 && max > 0 ? 1 : 0));
  const out = Array.from({ length: Math.min(bins, maxBins + 1) }, (_, i) => ({
    lo: i * width,
    hi: (i + 1) * width,
    count: 0,
  }));
  for (const v of values) out[Math.min(out.length - 1, Math.floor(v / width))].count++;
  return out;
}

/** "1,840 ms" (whole ms; tenths under 10 ms). */
export function formatMs(ms: number): string {
  return `${ms < 10 ? round1(ms).toLocaleString('en-US') : Math.round(ms).toLocaleString('en-US')} ms`;
}
