import type Database from 'better-sqlite3';
import type { RunLocks } from '../run-lock.js';
import { prep } from '../statements.js';

export type ClaimOutcome = { taken: true } | { taken: false; heldBy: string };

/**
 * Who works on a fix or a run now (migration 019). `take` is ONE write transaction (BEGIN IMMEDIATE:
 * a second process waits for the first to commit, it never reads a stale "free"): it reads the claim,
 * refuses when its job's lock is held (any process), and otherwise takes it for the new job, whose
 * lock is taken before the commit. The claim ends with the job (`release`) or with its process.
 */
export class JobClaimsRepo {
  constructor(
    private readonly db: Database.Database,
    private readonly locks: RunLocks,
  ) {}

  /**
   * Takes `subject` for `jobId` unless a live job holds it. `check` runs inside the transaction (after the
   * claim is known free, before it is taken) and may throw to refuse; `force` takes a live claim over.
   */
  take(subject: string, jobId: string, o: { check?: () => void; force?: boolean } = {}): ClaimOutcome {
    const claim = this.db.transaction((): ClaimOutcome => {
      const holder = this.liveHolder(subject);
      if (holder && holder !== jobId && !o.force) return { taken: false, heldBy: holder };
      o.check?.();
      this.locks.acquire(jobId);
      prep(
        this.db,
        `INSERT INTO job_claims (subject, job_id, claimed_at) VALUES (?, ?, ?)
         ON CONFLICT (subject) DO UPDATE SET job_id = excluded.job_id, claimed_at = excluded.claimed_at`,
      ).run(subject, jobId, new Date().toISOString());
      return { taken: true };
    });
    try {
      return claim.immediate();
    } catch (e) {
      this.locks.release(jobId);
      throw e;
    }
  }

  /** The job that holds `subject` now (its lock is held by a live process), if any. */
  liveHolder(subject: string): string | undefined {
    const row = prep(this.db, 'SELECT job_id FROM job_claims WHERE subject = ?').get(subject) as
      { job_id: string } | undefined;
    if (!row) return undefined;
    return this.locks.holds(row.job_id) || this.locks.isLive(row.job_id) === true ? row.job_id : undefined;
  }

  /** Ends every claim of `jobId` (its job ended, or never started) and drops its lock. */
  release(jobId: string): void {
    prep(this.db, 'DELETE FROM job_claims WHERE job_id = ?').run(jobId);
    this.locks.release(jobId);
  }
}
