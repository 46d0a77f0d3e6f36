import { formatMs } from '../../../src-shared/latency/run-latency.js';
import {
  LATENCY_COMPARE_ROWS,
  type LatencyDelta,
  type LatencyFigures,
  type LatencyRankRow,
} from '../../../src-shared/contract/latency-shapes.js';
import { plural } from '../../../src-shared/text/plural.js';

const ms = (v: number | null) => (v === null ? '-' : formatMs(v));
const signedMs = (v: number | null) => (v === null ? '' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${formatMs(Math.abs(v))}`);

const ROWS = LATENCY_COMPARE_ROWS;

/** Two-run compare: rows [figure, A, B, B - A] of the latency figures either run recorded. */
export function latencyDiffRows(
  a: LatencyFigures | undefined,
  b: LatencyFigures | undefined,
  delta: LatencyDelta | undefined,
): string[][] {
  if (!a?.turns && !b?.turns) return [];
  return ROWS.filter(([k]) => (a?.[k] ?? null) !== null || (b?.[k] ?? null) !== null).map(([k, label]) => [
    label,
    ms(a?.[k] ?? null),
    ms(b?.[k] ?? null),
    signedMs(delta?.[k] ?? null),
  ]);
}

/** N-way compare: the runs ranked by p95 response, as lines. */
export function latencyRankLines(rank: LatencyRankRow[] | undefined, runNumber: (id: string) => number): string[] {
  if (!rank?.some((r) => r.rank !== null)) return [];
  return [
    'LATENCY (ranked by p95 response, fastest first; docs/latency.md)',
    ...rank.map(
      (r) =>
        `  ${r.rank ?? '-'}. run ${runNumber(r.run)} ${r.model}: p95 response ${ms(r.p95_response_ms)}, p50 ${ms(r.p50_response_ms)}, p95 first token ${ms(r.p95_first_token_ms)} (${plural(r.turns, 'turn')})`,
    ),
  ];
}
