import type Database from 'better-sqlite3';
import { Judgement } from '../../../src-shared/schemas/index.js';
import { prep } from '../statements.js';

/** Re-judgements of stored conversations: written beside the results, never over them. */
export class JudgementsRepo {
  constructor(private readonly db: Database.Database) {}

  insert(j: Judgement): Judgement {
    const row = Judgement.parse(j);
    prep(
      this.db,
      `INSERT INTO judgements (id, batch_id, run_id, result_id, judge, seed, data_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(row.id, row.batch_id, row.run_id, row.result_id, row.judge, row.seed, JSON.stringify(row), row.created_at);
    return row;
  }

  listByRun(runId: string): Judgement[] {
    const rows = prep(
      this.db,
      'SELECT data_json FROM judgements WHERE run_id = ? ORDER BY created_at, judge, seed',
    ).all(runId) as { data_json: string }[];
    return rows.map((r) => Judgement.parse(JSON.parse(r.data_json)));
  }

  /** Judge, batch, result and verdicts of each judgement, in stored order, without schema parsing (agreement reports). */
  verdictsByRun(runId: string): Pick<Judgement, 'judge' | 'batch_id' | 'result_id' | 'metrics' | 'error'>[] {
    const rows = prep(
      this.db,
      `SELECT judge, batch_id, result_id, json_extract(data_json, '$.metrics') AS metrics,
        json_extract(data_json, '$.error') AS error
       FROM judgements WHERE run_id = ? ORDER BY created_at, judge, seed`,
    ).all(runId) as { judge: string; batch_id: string; result_id: string; metrics: string; error: string | null }[];
    return rows.map((r) => ({ ...r, metrics: JSON.parse(r.metrics) as Judgement['metrics'] }));
  }

  countByRun(runId: string): number {
    return (prep(this.db, 'SELECT COUNT(*) AS n FROM judgements WHERE run_id = ?').get(runId) as { n: number }).n;
  }
}
