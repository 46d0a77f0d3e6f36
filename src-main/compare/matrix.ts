import type { Result, ResultStatus } from '../../src-shared/schemas/index.js';
import type { StoredRun } from './diff-runs.js';
import { sideOutcome } from './outcome.js';
import { groupByTest } from './pair.js';
import { configSpread, type ConfigSpread } from './run-config.js';
import { comparability, type Comparability } from './comparability.js';
import { runRef, summarizeSide } from './summary.js';
import { mean, totalTokens } from './test-deltas.js';
import type { RunRef, SideSummary } from './types.js';
import { rankByLatency } from './latency-compare.js';
import type { LatencyRankRow } from '../../src-shared/contract/latency-shapes.js';

/** One test on one run (over its repeats). */
export interface MatrixCell {
  status: ResultStatus | null;
  pass_rate: number | null;
  /** Mean of all metric scores over the repeats. */
  mean_score: number | null;
  /** Mean tokens (prompt + completion) per conversation. */
  tokens: number | null;
  /** Mean conversation wall time. */
  ms: number | null;
  repeats: number;
}

export interface MatrixRow {
  test: string;
  key: string;
  /** One cell per run, in the order of `runs`; null when the run lacks the test. */
  cells: (MatrixCell | null)[];
  /** true when the runs disagree on the status. */
  differs: boolean;
}

export interface MatrixColumn {
  run: RunRef;
  totals: SideSummary;
}

export interface RunMatrix {
  runs: MatrixColumn[];
  tests: MatrixRow[];
  /** Configuration fields that are not the same in every run, with each run's value (column order). */
  config_spread: ConfigSpread[];
  /** Whether the runs' mean scores (judge) and caller-driven figures can be compared. */
  comparability: Comparability;
  /** Series for a chart of pass rate and mean score per model (one point per run). */
  chart: {
    run: string;
    model: string;
    pass_rate: number | null;
    mean_score: number | null;
    pass_interval: { low: number; high: number } | null;
    mean_score_interval: { low: number; high: number; n: number } | null;
    tokens: number;
    wall_ms: number;
  }[];
  /** The runs ranked by p95 response latency, fastest first (docs/latency.md). */
  latency_rank?: LatencyRankRow[];
}

export function matrixCell(results: Result[], minPassRate = 1): MatrixCell {
  const o = sideOutcome(results, minPassRate);
  return {
    status: o.status,
    pass_rate: o.pass_rate,
    mean_score: mean(results.flatMap((r) => r.metrics.map((m) => m.score))),
    tokens: mean(results.map(totalTokens)),
    ms: mean(results.map((r) => r.duration_ms)),
    repeats: results.length,
  };
}

/**
 * N-way comparison of one suite over several runs (models, quantizations, agent versions): rows are
 * tests (paired by name, falling back to index), columns are runs, plus per-run totals.
 */
export function compareRunsMatrix(runs: StoredRun[]): RunMatrix {
  const rows = new Map<string, MatrixRow>();
  runs.forEach((sr, col) => {
    for (const g of groupByTest(sr.results)) {
      let row = rows.get(g.key);
      if (!row) {
        row = { test: g.test, key: g.key, cells: runs.map(() => null), differs: false };
        rows.set(g.key, row);
      }
      row.cells[col] = matrixCell(g.results, sr.minPassRate);
    }
  });
  for (const row of rows.values()) {
    const statuses = new Set(row.cells.map((c) => c?.status ?? null));
    row.differs = statuses.size > 1;
  }
  const columns = runs.map((sr) => ({
    run: runRef(sr.run, sr.agentVersion ?? null),
    totals: summarizeSide(sr.run, sr.results),
  }));
  const config_spread = configSpread(columns.map((c) => c.run.config));
  return {
    runs: columns,
    tests: [...rows.values()],
    config_spread,
    comparability: comparability(config_spread),
    chart: columns.map((c) => ({
      run: c.run.id,
      model: c.run.model,
      pass_rate: c.totals.pass_rate,
      mean_score: c.totals.mean_score,
      pass_interval: c.totals.pass_interval,
      mean_score_interval: c.totals.mean_score_interval ?? null,
      tokens: c.totals.tokens.total,
      wall_ms: c.totals.wall_ms,
    })),
    latency_rank: rankByLatency(
      columns.flatMap((c) =>
        c.totals.latency ? [{ run: c.run.id, model: c.run.model, latency: c.totals.latency }] : [],
      ),
    ),
  };
}
