/**
 * Human labels (issue 12): a reviewer's verdict on one metric of one stored conversation. Keyed by
 * result and criterion (not by judgement), so re-judging never touches them.
 */
export const sql = `
CREATE TABLE labels (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  result_id TEXT NOT NULL,
  criterion TEXT NOT NULL,
  human_passed INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (result_id, criterion)
);
CREATE INDEX labels_by_run ON labels (run_id);
`;
