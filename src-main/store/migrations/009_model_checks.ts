/** Model readiness checks (issue 12, section 6): one row per check of one model, the report as JSON. */
export const sql = `
CREATE TABLE model_checks (
  id TEXT PRIMARY KEY,
  model TEXT NOT NULL,
  digest TEXT,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX model_checks_by_model ON model_checks (model, created_at);
`;
