import type Database from 'better-sqlite3';
import { prep } from '../statements.js';
import {
  EndpointStatsRecord,
  Run,
  RunProblems,
  RunSummary,
  type RunStatus,
  type TestSuite,
} from '../../../src-shared/schemas/index.js';
import { isDemoRun } from '../../../src-shared/run/demo.js';
import { StoreError } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import { redactUrlsDeep, redactUrlsIn } from '../../../src-shared/text/redact.js';
import { RunLocks } from '../run-lock.js';

export interface RunRow {
  id: string;
  kind: string;
  status: string;
  agent_id: string;
  agent_version_id: string;
  agent_name: string;
  suite_id: string | null;
  suite_name: string;
  models_json: string;
  options_json: string;
  summary_json: string;
  suite_json: string | null;
  parent_run_id: string | null;
  source_run_id: string | null;
  error: string | null;
  owner_pid: number | null;
  problems_json: string | null;
  endpoint_stats_json: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface RunFilter {
  agent_id?: string;
  status?: RunStatus;
  /** substring of any role's model name/spec */
  model?: string;
  suite_id?: string;
  since?: string;
  until?: string;
  limit?: number;
  offset?: number;
}

export type NewRun = Pick<
  Run,
  'kind' | 'agent_id' | 'agent_version_id' | 'agent_name' | 'suite_id' | 'suite_name' | 'models' | 'options'
> &
  Partial<Pick<Run, 'parent_run_id' | 'source_run_id' | 'status'>>;

export const RUN_COLS = `id, kind, status, agent_id, agent_version_id, agent_name, suite_id, suite_name, models_json, options_json,
  summary_json, parent_run_id, source_run_id, error, owner_pid, problems_json, endpoint_stats_json, created_at, started_at, finished_at`;

export function toRun(row: RunRow): Run {
  const models = JSON.parse(row.models_json) as Run['models'];
  return Run.parse({
    id: row.id,
    kind: row.kind,
    status: row.status,
    agent_id: row.agent_id,
    agent_version_id: row.agent_version_id,
    agent_name: row.agent_name,
    suite_id: row.suite_id,
    suite_name: row.suite_name,
    models,
    demo: isDemoRun(models),
    options: JSON.parse(row.options_json),
    summary: JSON.parse(row.summary_json),
    parent_run_id: row.parent_run_id,
    source_run_id: row.source_run_id,
    error: row.error,
    problems: row.problems_json ? JSON.parse(row.problems_json) : null,
    endpoint_stats: row.endpoint_stats_json ? JSON.parse(row.endpoint_stats_json) : null,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  });
}

/** Invalid-caller results of a run; its WHERE term matches the partial index of migration 013 exactly, so only the index is read. */
export const INVALID_CALLER_COUNT_SQL =
  "SELECT count(*) AS n FROM results WHERE run_id = ? AND json_extract(data_json, '$.caller_invalid') = 1";

export class RunsRepo {
  /** Proof of life of running runs (see run-lock.ts): held while this process runs a run. */
  readonly locks: RunLocks;

  constructor(private readonly db: Database.Database) {
    this.locks = new RunLocks(db.name);
  }

  /** Creates a run, snapshotting the suite it runs so the run stays meaningful after the suite changes. */
  create(run: NewRun, suite?: TestSuite): Run {
    const id = newId('run');
    const now = nowIso();
    const status = run.status ?? 'queued';
    // the lock is taken before the row exists: no other process can ever see this run live but unlocked
    if (status === 'queued' || status === 'running') this.locks.acquire(id);
    prep(
      this.db,
      `INSERT INTO runs (id, kind, status, agent_id, agent_version_id, agent_name, suite_id, suite_name,
        models_json, options_json, summary_json, suite_json, parent_run_id, source_run_id, owner_pid, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      run.kind,
      status,
      run.agent_id,
      run.agent_version_id,
      run.agent_name,
      run.suite_id ?? null,
      run.suite_name,
      JSON.stringify(redactUrlsDeep(run.models)), // endpoint URLs without secrets, whoever created the run
      JSON.stringify(redactUrlsDeep(run.options)),
      JSON.stringify(RunSummary.parse({})),
      null, // the snapshot lives in run_suites (migration 012): the runs row stays small to update
      run.parent_run_id ?? null,
      run.source_run_id ?? null,
      process.pid,
      now,
    );
    if (suite)
      prep(this.db, 'INSERT INTO run_suites (run_id, suite_json) VALUES (?, ?)').run(id, JSON.stringify(suite));
    return this.get(id)!;
  }

  /** The copy of another database's shard run made by an earlier merge (options.copied_run), if any. */
  findCopy(copied: { id: string; content: string }): Run | undefined {
    const row = prep(
      this.db,
      `SELECT ${RUN_COLS} FROM runs WHERE json_extract(options_json, '$.copied_run.id') = ?
        AND json_extract(options_json, '$.copied_run.content') = ? ORDER BY created_at LIMIT 1`,
    ).get(copied.id, copied.content) as RunRow | undefined;
    return row ? toRun(row) : undefined;
  }

  /** The runs that join shard runs (options.merged_from), newest first. */
  mergedRuns(): Run[] {
    const rows = prep(
      this.db,
      `SELECT ${RUN_COLS} FROM runs WHERE json_extract(options_json, '$.merged_from') IS NOT NULL ORDER BY created_at DESC`,
    ).all() as RunRow[];
    return rows.map(toRun);
  }

  /** Stores the run's failures grouped into problems (replacing an earlier grouping). */
  setProblems(id: string, problems: RunProblems): Run {
    const p = RunProblems.parse(problems);
    const r = prep(this.db, 'UPDATE runs SET problems_json = ? WHERE id = ?').run(JSON.stringify(p), id);
    if (!r.changes) throw new StoreError(`run ${id} not found`, 'not_found');
    return this.get(id)!;
  }

  /** Stores the run's per-endpoint load and errors (replacing earlier figures). */
  setEndpointStats(id: string, stats: EndpointStatsRecord[]): void {
    const s = EndpointStatsRecord.array().parse(stats);
    prep(this.db, 'UPDATE runs SET endpoint_stats_json = ? WHERE id = ?').run(JSON.stringify(s), id);
  }

  get(id: string): Run | undefined {
    const row = prep(this.db, `SELECT ${RUN_COLS} FROM runs WHERE id = ?`).get(id) as RunRow | undefined;
    return row ? toRun(row) : undefined;
  }

  require(id: string): Run {
    const r = this.get(id);
    if (!r) throw new StoreError(`run ${id} not found`, 'not_found');
    return r;
  }

  /** The suite as it was when the run was created. */
  suiteSnapshot(id: string): TestSuite | undefined {
    const row = prep(
      this.db,
      'SELECT coalesce((SELECT suite_json FROM run_suites WHERE run_id = runs.id), suite_json) AS suite_json FROM runs WHERE id = ?',
    ).get(id) as { suite_json: string | null } | undefined;
    return row?.suite_json ? (JSON.parse(row.suite_json) as TestSuite) : undefined;
  }

  /** Newest first. */
  list(f: RunFilter = {}): Run[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (f.agent_id) {
      where.push('agent_id = ?');
      args.push(f.agent_id);
    }
    if (f.status) {
      where.push('status = ?');
      args.push(f.status);
    }
    if (f.suite_id) {
      where.push('suite_id = ?');
      args.push(f.suite_id);
    }
    if (f.since) {
      where.push('created_at >= ?');
      args.push(f.since);
    }
    if (f.until) {
      where.push('created_at <= ?');
      args.push(f.until);
    }
    if (f.model) {
      where.push('instr(lower(models_json), lower(?)) > 0');
      args.push(f.model);
    }
    const sql = `SELECT ${RUN_COLS} FROM runs ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
      ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`;
    args.push(f.limit ?? 200, f.offset ?? 0);
    return (prep(this.db, sql).all(...args) as RunRow[]).map(toRun);
  }

  /**
   * Moves a run to `status`. Going to `running` (a start or a resume) clears the previous finish time
   * and error; a terminal status sets the finish time. `error: null` clears the error, `undefined` keeps it.
   */
  setStatus(id: string, status: RunStatus, extra: { error?: string | null } = {}): void {
    const now = nowIso();
    if (status === 'running') {
      this.locks.acquire(id); // before the row says running (see create)
      prep(
        this.db,
        `UPDATE runs SET status = 'running', started_at = COALESCE(started_at, ?), finished_at = NULL,
          error = NULL, owner_pid = ? WHERE id = ?`,
      ).run(now, process.pid, id);
      return;
    }
    const terminal = status !== 'queued';
    const setError = extra.error !== undefined;
    prep(
      this.db,
      `UPDATE runs SET status = ?, finished_at = CASE WHEN ? THEN ? ELSE finished_at END,
        error = CASE WHEN ? THEN ? ELSE error END WHERE id = ?`,
    ).run(status, terminal ? 1 : 0, now, setError ? 1 : 0, extra.error == null ? null : redactUrlsIn(extra.error), id);
    if (terminal) this.locks.release(id);
  }

  /** Recomputes the summary from the stored results. */
  refreshSummary(id: string): RunSummary {
    const rows = prep(this.db, 'SELECT status, count(*) AS n FROM results WHERE run_id = ? GROUP BY status').all(
      id,
    ) as { status: string; n: number }[];
    const s: RunSummary = { total: 0, passed: 0, failed: 0, errored: 0 };
    for (const r of rows) {
      s.total += r.n;
      if (r.status === 'pass' || r.status === 'imported') s.passed += r.n;
      else if (r.status === 'fail') s.failed += r.n;
      else if (r.status === 'error') s.errored += r.n;
    }
    const full = (
      prep(this.db, "SELECT count(*) AS n FROM results WHERE run_id = ? AND end_reason = 'context_full'").get(id) as {
        n: number;
      }
    ).n;
    if (full) s.context_full = full;
    const invalidCaller = (prep(this.db, INVALID_CALLER_COUNT_SQL).get(id) as { n: number }).n;
    if (invalidCaller) s.invalid_caller = invalidCaller;
    prep(this.db, 'UPDATE runs SET summary_json = ? WHERE id = ?').run(JSON.stringify(s), id);
    return s;
  }

  /**
   * Whether the process that runs `id` is alive: its run lock is held (any process, this one included).
   * Runs from before run locks existed have no lock file: their recorded PID decides, as it used to.
   */
  isLive(id: string, ownerPid: number | null, isAlive: (pid: number) => boolean = pidAlive): boolean {
    const locked = this.locks.isLive(id);
    if (locked !== undefined) return locked;
    return ownerPid != null && (ownerPid === process.pid || isAlive(ownerPid));
  }

  /** The PID recorded for a run's process (for messages). */
  ownerPid(id: string): number | null {
    const row = prep(this.db, 'SELECT owner_pid FROM runs WHERE id = ?').get(id) as
      { owner_pid: number | null } | undefined;
    return row?.owner_pid ?? null;
  }

  /**
   * Runs left 'running' or 'queued' by a process that no longer exists (killed, crashed, power loss)
   * are marked 'interrupted'. Called on every open, and before a resume is refused. A run is alive
   * while its run lock is held (run-lock.ts), so a reused PID no longer keeps a dead run 'running'.
   */
  markOrphansInterrupted(isAlive: (pid: number) => boolean = pidAlive): string[] {
    const rows = prep(this.db, "SELECT id, owner_pid FROM runs WHERE status IN ('running', 'queued')").all() as {
      id: string;
      owner_pid: number | null;
    }[];
    const orphaned = rows.filter((r) => !this.isLive(r.id, r.owner_pid, isAlive));
    this.markInterrupted(
      orphaned.map((r) => r.id),
      'the process running it stopped before it finished',
    );
    return orphaned.map((r) => r.id);
  }

  /**
   * `--force`: marks a run 'interrupted' although its process still holds the run lock (a hung
   * process, or a database on a drive another machine shares). The caller then resumes it under a
   * lock of its own; the other process, if it wakes up, can only add results for conversations not
   * yet stored (results are unique per test and repeat).
   */
  forceInterrupt(id: string): void {
    this.markInterrupted([id], 'taken over (resumed with force) while another process still held it');
  }

  private markInterrupted(ids: string[], reason: string): void {
    const mark = prep(
      this.db,
      "UPDATE runs SET status = 'interrupted', finished_at = ?, error = COALESCE(error, ?) WHERE id = ?",
    );
    this.db.transaction(() => {
      for (const id of ids) {
        mark.run(nowIso(), reason, id);
        this.refreshSummary(id);
      }
    })();
    for (const id of ids) this.locks.clearStale(id);
  }

  delete(id: string): boolean {
    this.locks.release(id);
    return prep(this.db, 'DELETE FROM runs WHERE id = ?').run(id).changes > 0;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
