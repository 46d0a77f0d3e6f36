/**
 * Per-endpoint load and errors stored with the run (EndpointStatsRecord[] JSON); and two fixes for
 * writing results of big runs (bench/endpoints-1000.ts): an index covering the run summary's counts
 * (status, end reason per run), and the run's suite snapshot in its own table - SQLite rewrites a
 * whole row when one column changes, so refreshing the summary after each result rewrote the
 * snapshot (hundreds of KB for a 1,000-test suite). Older runs keep theirs in runs.suite_json.
 */
export const sql = `
ALTER TABLE runs ADD COLUMN endpoint_stats_json TEXT;
CREATE INDEX results_run_status ON results(run_id, status, end_reason);
CREATE TABLE run_suites (
  run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  suite_json TEXT NOT NULL
);
`;
