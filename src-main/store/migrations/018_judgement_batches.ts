/**
 * Re-judge batches (issue 28): a batch is complete only when its last judgement is stored. A batch
 * killed midway stays `running` (or ends `cancelled` / `failed`) and is reported as incomplete, never
 * as a k-judgement batch. Batches stored before this migration had no end marker: they are kept as
 * `complete`, as they were reported until now.
 */
export const sql = `
CREATE TABLE judgement_batches (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  planned INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX judgement_batches_by_run ON judgement_batches (run_id, status);
INSERT INTO judgement_batches (id, run_id, status, planned, created_at, finished_at)
  SELECT batch_id, run_id, 'complete', count(*), min(created_at), max(created_at)
  FROM judgements GROUP BY batch_id, run_id;
`;
