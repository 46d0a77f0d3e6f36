/**
 * Jobs (src-main/app/jobs/): every long piece of work is recorded when it starts and when it ends, so a
 * job whose process stopped (kill -9, crash, power loss) is marked `interrupted` on the next start, as
 * runs are. A running job's process holds a lock file of its own (store/run-lock.ts, key `job_...`).
 */
export const sql = `
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled', 'interrupted')),
  subject_json TEXT NOT NULL DEFAULT '{}',
  progress_json TEXT NOT NULL,
  error_json TEXT,
  owner_pid INTEGER,
  started_at TEXT NOT NULL,
  ended_at TEXT
);
CREATE INDEX jobs_running ON jobs(status) WHERE status = 'running';
`;
