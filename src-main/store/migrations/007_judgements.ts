/** Re-judgements stored beside the original verdicts (issue 12): one row per conversation, judge and seed. */
export const sql = `
CREATE TABLE judgements (
  id TEXT PRIMARY KEY,
  batch_id TEXT NOT NULL,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  result_id TEXT NOT NULL,
  judge TEXT NOT NULL,
  seed INTEGER NOT NULL,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX judgements_by_run ON judgements (run_id, judge, seed);
`;
