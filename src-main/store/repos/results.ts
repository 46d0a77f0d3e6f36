import type Database from 'better-sqlite3';
import { prep } from '../statements.js';
import { Result, type MetricResult } from '../../../src-shared/schemas/index.js';
import { newId, nowIso } from '../ids.js';

export type NewResult = Omit<Result, 'id'> & { id?: string };

/** Per-test rows: status etc. as columns for queries, the whole result as JSON. */
export class ResultsRepo {
  constructor(private readonly db: Database.Database) {}

  /** Writes one finished conversation in one transaction (a crash keeps every finished result). */
  insert(r: NewResult): Result {
    const result = Result.parse({ ...r, id: r.id ?? newId('res') });
    prep(
      this.db,
      `INSERT INTO results (id, run_id, test, test_index, repeat, status, end_reason, turns, duration_ms, data_json, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (run_id, test_index, repeat) DO UPDATE SET id = excluded.id, status = excluded.status,
        end_reason = excluded.end_reason, turns = excluded.turns, duration_ms = excluded.duration_ms,
        data_json = excluded.data_json, created_at = excluded.created_at`,
    ).run(
      result.id,
      result.run_id,
      result.test,
      result.test_index,
      result.repeat,
      result.status,
      result.end_reason,
      result.turns,
      result.duration_ms,
      JSON.stringify(result),
      nowIso(),
    );
    return result;
  }

  /** Rewrites a stored result's data (audio evaluation adds heard turns and audio verdicts); its verdict columns stay. */
  replaceData(r: Result): void {
    prep(this.db, 'UPDATE results SET data_json = ? WHERE id = ?').run(JSON.stringify(Result.parse(r)), r.id);
  }

  listByRun(runId: string): Result[] {
    const rows = prep(this.db, 'SELECT data_json FROM results WHERE run_id = ? ORDER BY test_index, repeat').all(
      runId,
    ) as { data_json: string }[];
    return rows.map((r) => Result.parse(JSON.parse(r.data_json)));
  }

  /** The metric verdicts of a run's results, without reading transcripts (agreement reports). */
  metricsByRun(runId: string): { id: string; metrics: MetricResult[] }[] {
    const rows = prep(
      this.db,
      "SELECT id, json_extract(data_json, '$.metrics') AS metrics FROM results WHERE run_id = ? ORDER BY test_index, repeat",
    ).all(runId) as { id: string; metrics: string | null }[];
    // written through Result.parse on insert: read back as stored
    return rows.map((r) => ({ id: r.id, metrics: r.metrics ? (JSON.parse(r.metrics) as MetricResult[]) : [] }));
  }

  /** Lightweight rows for list views (no transcript). */
  summariesByRun(runId: string): {
    id: string;
    test: string;
    test_index: number;
    repeat: number;
    status: string;
    end_reason: string;
    turns: number;
    duration_ms: number;
  }[] {
    return prep(
      this.db,
      `SELECT id, test, test_index, repeat, status, end_reason, turns, duration_ms
      FROM results WHERE run_id = ? ORDER BY test_index, repeat`,
    ).all(runId) as never;
  }

  get(id: string): Result | undefined {
    const row = prep(this.db, 'SELECT data_json FROM results WHERE id = ?').get(id) as
      { data_json: string } | undefined;
    return row ? Result.parse(JSON.parse(row.data_json)) : undefined;
  }

  /** (test_index, repeat) pairs already finished: what `--resume` skips. */
  finishedKeys(runId: string): Set<string> {
    const rows = prep(this.db, 'SELECT test_index, repeat FROM results WHERE run_id = ?').all(runId) as {
      test_index: number;
      repeat: number;
    }[];
    return new Set(rows.map((r) => `${r.test_index}:${r.repeat}`));
  }
}
