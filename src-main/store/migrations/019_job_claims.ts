/**
 * Job claims (issue 39): what a job works on (`fix:<id>`, `run:<id>`) is taken by one job at a time. A
 * start or resume checks and takes the claim in one write transaction (BEGIN IMMEDIATE), so two
 * processes resuming the same fix at once cannot both run it. A claim is held while its job's lock is
 * (store/run-lock.ts, key = job id): a claim whose process died is free again.
 */
export const sql = `
CREATE TABLE job_claims (
  subject TEXT PRIMARY KEY,
  job_id TEXT NOT NULL,
  claimed_at TEXT NOT NULL
);
CREATE INDEX job_claims_by_job ON job_claims(job_id);
`;
