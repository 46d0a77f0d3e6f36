export const sql = `
CREATE TABLE agents (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  latest_version_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX agents_name ON agents(name);

CREATE TABLE agent_versions (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  source_format TEXT NOT NULL,
  graph_json TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  UNIQUE (agent_id, version)
);
CREATE TRIGGER agent_versions_immutable BEFORE UPDATE ON agent_versions
BEGIN SELECT RAISE(ABORT, 'agent versions are immutable'); END;

CREATE TABLE personas (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE suites (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  agent_id TEXT REFERENCES agents(id) ON DELETE SET NULL,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents(id),
  agent_version_id TEXT NOT NULL REFERENCES agent_versions(id),
  agent_name TEXT NOT NULL DEFAULT '',
  suite_id TEXT REFERENCES suites(id) ON DELETE SET NULL,
  suite_name TEXT NOT NULL DEFAULT '',
  models_json TEXT NOT NULL,
  options_json TEXT NOT NULL,
  summary_json TEXT NOT NULL,
  suite_json TEXT,
  parent_run_id TEXT,
  error TEXT,
  owner_pid INTEGER,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX runs_created ON runs(created_at DESC);
CREATE INDEX runs_agent ON runs(agent_id, created_at DESC);
CREATE INDEX runs_status ON runs(status);

CREATE TABLE results (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  test TEXT NOT NULL,
  test_index INTEGER NOT NULL,
  repeat INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  end_reason TEXT NOT NULL,
  turns INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (run_id, test_index, repeat)
);
CREATE INDEX results_run ON results(run_id, test_index, repeat);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL
);
`;
