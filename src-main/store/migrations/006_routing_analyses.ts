/** Routing ambiguity analyses, kept with the agent version they looked at (RoutingReport JSON). */
export const sql = `
CREATE TABLE routing_analyses (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  agent_version_id TEXT NOT NULL REFERENCES agent_versions(id) ON DELETE CASCADE,
  model TEXT NOT NULL,
  created_at TEXT NOT NULL,
  report_json TEXT NOT NULL
);
CREATE INDEX routing_analyses_by_version ON routing_analyses (agent_version_id, created_at);
`;
