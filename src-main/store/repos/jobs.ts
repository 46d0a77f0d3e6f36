import type Database from 'better-sqlite3';
import type { JobInfo, JobKind, JobStatus } from '../../../src-shared/contract/jobs.js';
import type { RunLocks } from '../run-lock.js';
import { redactUrlsDeep, redactUrlsIn } from '../../../src-shared/text/redact.js';
import { prep } from '../statements.js';

interface JobRow {
  id: string;
  kind: string;
  title: string;
  status: string;
  subject_json: string;
  progress_json: string;
  error_json: string | null;
  started_at: string;
  ended_at: string | null;
}

export type StoredJob = Omit<JobInfo, 'result'>;

const fromRow = (r: JobRow): StoredJob => ({
  id: r.id,
  kind: r.kind as JobKind,
  title: r.title,
  status: r.status as JobStatus,
  subject: JSON.parse(r.subject_json),
  progress: JSON.parse(r.progress_json),
  error: r.error_json ? JSON.parse(r.error_json) : null,
  started_at: r.started_at,
  ended_at: r.ended_at,
});

/**
 * Jobs as they start and end (the live progress stays in memory, src-main/app/jobs/registry.ts). A running
 * job's process holds a lock of its own (the run locks' folder, key = job id): a job left `running` whose
 * lock nobody holds is `interrupted`.
 */
export class JobsRepo {
  constructor(
    private readonly db: Database.Database,
    private readonly locks: RunLocks,
  ) {}

  /** Records a job that starts in this process (and takes its lock first, as runs do). */
  insert(j: StoredJob): void {
    this.locks.acquire(j.id);
    prep(
      this.db,
      `INSERT INTO jobs (id, kind, title, status, subject_json, progress_json, error_json, owner_pid, started_at, ended_at)
       VALUES (?, ?, ?, 'running', ?, ?, NULL, ?, ?, NULL)`,
    ).run(
      j.id,
      j.kind,
      redactUrlsIn(j.title),
      JSON.stringify(redactUrlsDeep(j.subject)),
      JSON.stringify(redactUrlsDeep(j.progress)),
      process.pid,
      j.started_at,
    );
  }

  /** Records how a job ended, ends its claims (migration 019) and drops its lock. */
  finish(j: StoredJob): void {
    prep(
      this.db,
      'UPDATE jobs SET status = ?, subject_json = ?, progress_json = ?, error_json = ?, ended_at = ? WHERE id = ?',
    ).run(
      j.status,
      JSON.stringify(redactUrlsDeep(j.subject)),
      JSON.stringify(redactUrlsDeep(j.progress)),
      j.error ? JSON.stringify(redactUrlsDeep(j.error)) : null,
      j.ended_at,
      j.id,
    );
    prep(this.db, 'DELETE FROM job_claims WHERE job_id = ?').run(j.id);
    this.locks.release(j.id);
  }

  get(id: string): StoredJob | undefined {
    const r = prep(this.db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return r ? fromRow(r) : undefined;
  }

  /** The newest jobs first. */
  list(limit: number, kind?: JobKind): StoredJob[] {
    const rows = (
      kind
        ? prep(this.db, 'SELECT * FROM jobs WHERE kind = ? ORDER BY started_at DESC, id DESC LIMIT ?').all(kind, limit)
        : prep(this.db, 'SELECT * FROM jobs ORDER BY started_at DESC, id DESC LIMIT ?').all(limit)
    ) as JobRow[];
    return rows.map(fromRow);
  }

  /** Ids of jobs of this kind running in ANOTHER live process (their lock is held elsewhere). */
  runningElsewhere(kind: JobKind): string[] {
    const rows = prep(this.db, "SELECT id FROM jobs WHERE kind = ? AND status = 'running'").all(kind) as {
      id: string;
    }[];
    return rows.map((r) => r.id).filter((id) => !this.locks.holds(id) && this.locks.isLive(id) === true);
  }

  /** Jobs left `running` by a process that is gone are marked `interrupted`; returns their ids. */
  markOrphansInterrupted(): string[] {
    const rows = prep(this.db, "SELECT id FROM jobs WHERE status = 'running'").all() as { id: string }[];
    const orphans = rows.map((r) => r.id).filter((id) => !this.locks.holds(id) && this.locks.isLive(id) !== true);
    const mark = prep(
      this.db,
      "UPDATE jobs SET status = 'interrupted', ended_at = ?, error_json = ? WHERE id = ? AND status = 'running'",
    );
    const error = JSON.stringify({ code: 'unavailable', message: 'the process running it stopped before it finished' });
    const now = new Date().toISOString();
    this.db.transaction(() => orphans.forEach((id) => mark.run(now, error, id)))();
    for (const id of orphans) this.locks.clearStale(id);
    return orphans;
  }
}
