import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Which runs are really running: a lock the operating system drops when the process that holds it
 * ends, however it ends.
 *
 * A run's row records the PID of its process, but a PID alone is not proof of life: after a kill -9
 * or a crash the PID is reused by an unrelated process, and the dead run stays "running" forever
 * (and `--resume` refuses it). PID + process start time fixes reuse but needs /proc (Linux) or `ps`
 * parsing per platform. An SQLite-held lock needs neither: while a run executes, its process holds an
 * exclusive lock on a small SQLite file of its own, `<db>.run-locks/<run id>~<nonce>.lock`. SQLite
 * locks are fcntl/LockFileEx locks, which the kernel releases when the process exits (kill -9, crash,
 * power loss, reboot), and they are not tied to a PID, so a reused PID proves nothing either way.
 * "Is run R still running?" becomes "is any lock file of R still locked?" (a zero-timeout try).
 *
 * Each start or resume takes a fresh file (the nonce), so a `--force` take-over never waits for or
 * fights with the lock of a process that is hung but alive. Unlocked files are stale: removed when seen.
 */
export class RunLocks {
  private readonly held = new Map<string, { db: Database.Database; file: string }>();
  readonly dir: string | undefined;

  constructor(dbFile: string) {
    this.dir = dbFile && dbFile !== ':memory:' ? `${dbFile}.run-locks` : undefined;
  }

  /** Takes a lock for `runId` in this process (kept until release or close). False when locks are unavailable. */
  acquire(runId: string): boolean {
    if (!this.dir) return false;
    if (this.held.has(runId)) return true;
    const file = path.join(this.dir, `${safeName(runId)}~${process.pid}-${randomBytes(4).toString('hex')}.lock`);
    const db = this.open(file);
    try {
      db.pragma('journal_mode = DELETE');
      db.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      db.close();
      throw e;
    }
    this.held.set(runId, { db, file });
    return true;
  }

  /** Creates the lock file (and the folder; another process may remove the folder when it empties it: retried). */
  private open(file: string): Database.Database {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        return new Database(file, { timeout: 0 });
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
  }

  /** Drops this process's lock on `runId` and removes its file (and the folder once empty). */
  release(runId: string): void {
    const h = this.held.get(runId);
    if (!h) return;
    this.held.delete(runId);
    try {
      h.db.close();
    } finally {
      removeQuietly(h.file);
      this.removeDirIfEmpty();
    }
  }

  /** No folder is left next to the database when no run is running. */
  private removeDirIfEmpty(): void {
    if (!this.dir) return;
    try {
      fs.rmdirSync(this.dir); // fails (and is meant to) while any lock file is in it
    } catch {
      /* not empty, or already gone */
    }
  }

  holds(runId: string): boolean {
    return this.held.has(runId);
  }

  /**
   * Whether some process (this one included) holds a lock on `runId`: true or false, or undefined
   * when the run has no lock file at all (a run started before Parley had run locks, or in memory).
   * Stale (unlocked) files are removed on the way.
   */
  isLive(runId: string): boolean | undefined {
    if (this.held.has(runId)) return true;
    if (!this.dir || !fs.existsSync(this.dir)) return undefined;
    const prefix = `${safeName(runId)}~`;
    const files = fs.readdirSync(this.dir).filter((f) => f.startsWith(prefix) && f.endsWith('.lock'));
    if (!files.length) return undefined;
    let live = false;
    for (const f of files) {
      const file = path.join(this.dir, f);
      if (lockedElsewhere(file)) live = true;
      else removeQuietly(file);
    }
    if (!live) this.removeDirIfEmpty();
    return live;
  }

  /** Removes every lock file of `runId` that nobody holds (after the run was marked interrupted). */
  clearStale(runId: string): void {
    this.isLive(runId);
  }

  close(): void {
    for (const id of [...this.held.keys()]) this.release(id);
  }
}

/** True when another connection (any process, this one included) holds a lock on `file`. */
function lockedElsewhere(file: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: 0, fileMustExist: true });
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return false;
  } catch (e) {
    return (e as { code?: string }).code === 'SQLITE_BUSY' || (e as { code?: string }).code === 'SQLITE_LOCKED';
  } finally {
    db?.close();
  }
}

function removeQuietly(file: string): void {
  for (const f of [file, `${file}-journal`]) {
    try {
      fs.rmSync(f, { force: true });
    } catch {
      /* another process may be removing it too */
    }
  }
}

/** Run ids are `run_...` already; anything else is made safe for a file name. */
const safeName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');
