import type Database from 'better-sqlite3';
import { Judgement, type IncompleteJudgementBatch } from '../../../src-shared/schemas/index.js';
import { nowIso } from '../ids.js';
import { prep } from '../statements.js';

export type JudgementBatchEnd = 'complete' | 'cancelled' | 'failed';

/** Judgements of complete batches only (a batch is complete when its last judgement is stored). */
const COMPLETE = `batch_id IN (SELECT id FROM judgement_batches WHERE run_id = judgements.run_id AND status = 'complete')`;

/**
 * Re-judgements of stored conversations: written beside the results, never over them, in batches
 * (one `rejudge` call). A batch is started before its first judgement and marked complete after its
 * last; reports read complete batches only and list the others as incomplete.
 */
export class JudgementsRepo {
  constructor(private readonly db: Database.Database) {}

  /** Records a batch before its first judgement is stored: incomplete until finishBatch. */
  startBatch(b: { id: string; run_id: string; planned: number }): void {
    prep(
      this.db,
      `INSERT INTO judgement_batches (id, run_id, status, planned, created_at) VALUES (?, ?, 'running', ?, ?)`,
    ).run(b.id, b.run_id, b.planned, nowIso());
  }

  /** Ends a batch: `complete` only when every planned judgement was stored. */
  finishBatch(id: string, status: JudgementBatchEnd): void {
    prep(this.db, 'UPDATE judgement_batches SET status = ?, finished_at = ? WHERE id = ?').run(status, nowIso(), id);
  }

  insert(j: Judgement): Judgement {
    const row = Judgement.parse(j);
    prep(
      this.db,
      `INSERT INTO judgements (id, batch_id, run_id, result_id, judge, seed, data_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(row.id, row.batch_id, row.run_id, row.result_id, row.judge, row.seed, JSON.stringify(row), row.created_at);
    return row;
  }

  /** The judgements of the run's complete batches. */
  listByRun(runId: string): Judgement[] {
    const rows = prep(
      this.db,
      `SELECT data_json FROM judgements WHERE run_id = ? AND ${COMPLETE} ORDER BY created_at, judge, seed`,
    ).all(runId) as { data_json: string }[];
    return rows.map((r) => Judgement.parse(JSON.parse(r.data_json)));
  }

  /** Judge, batch, result and verdicts of each judgement of a complete batch, in stored order, without schema parsing (agreement reports). */
  verdictsByRun(runId: string): Pick<Judgement, 'judge' | 'batch_id' | 'result_id' | 'metrics' | 'error'>[] {
    const rows = prep(
      this.db,
      `SELECT judge, batch_id, result_id, json_extract(data_json, '$.metrics') AS metrics,
        json_extract(data_json, '$.error') AS error
       FROM judgements WHERE run_id = ? AND ${COMPLETE} ORDER BY created_at, judge, seed`,
    ).all(runId) as { judge: string; batch_id: string; result_id: string; metrics: string; error: string | null }[];
    return rows.map((r) => ({ ...r, metrics: JSON.parse(r.metrics) as Judgement['metrics'] }));
  }

  /** Judgements of the run's complete batches. */
  countByRun(runId: string): number {
    return (
      prep(this.db, `SELECT COUNT(*) AS n FROM judgements WHERE run_id = ? AND ${COMPLETE}`).get(runId) as { n: number }
    ).n;
  }

  /** The run's batches that did not complete (killed, cancelled, failed, or still running), oldest first. */
  incompleteBatches(runId: string): IncompleteJudgementBatch[] {
    return prep(
      this.db,
      `SELECT b.id AS batch_id, b.status, b.planned, b.created_at,
         (SELECT COUNT(*) FROM judgements j WHERE j.batch_id = b.id) AS judgements
       FROM judgement_batches b WHERE b.run_id = ? AND b.status != 'complete' ORDER BY b.created_at, b.id`,
    ).all(runId) as IncompleteJudgementBatch[];
  }
}
