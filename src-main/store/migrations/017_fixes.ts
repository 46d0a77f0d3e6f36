/**
 * Fixes (docs/fix.md): a fix starts from a run's failing tests; each iteration (its diagnoses, the
 * proposal, the version it made, the re-runs and the verdict) is one row, written as each step ends,
 * so a fix whose process stopped is resumed from the last finished step. A fix's candidate version
 * records the version it edits (`parent_version_id`): the editor diffs it against that one, not against
 * whichever version has the number before it.
 */
export const sql = `
CREATE TABLE fixes (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('open', 'running', 'interrupted', 'stopped', 'kept')),
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX fixes_by_run ON fixes(run_id, created_at DESC);

ALTER TABLE agent_versions ADD COLUMN parent_version_id TEXT;

CREATE TABLE fix_iterations (
  fix_id TEXT NOT NULL REFERENCES fixes(id) ON DELETE CASCADE,
  n INTEGER NOT NULL,
  data_json TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (fix_id, n)
);
`;
