import type Database from 'better-sqlite3';
import { HumanLabel } from '../../../src-shared/schemas/index.js';
import { prep } from '../statements.js';

/** Human labels: one per result and metric criterion, beside the results (re-judging never touches them). */
export class LabelsRepo {
  constructor(private readonly db: Database.Database) {}

  /** Inserts or replaces the label of (result_id, criterion); keeps the row's id and created_at on replace. */
  upsert(label: HumanLabel): HumanLabel {
    const existing = this.get(label.result_id, label.criterion);
    const row = HumanLabel.parse(existing ? { ...label, id: existing.id, created_at: existing.created_at } : label);
    prep(
      this.db,
      `INSERT INTO labels (id, run_id, result_id, criterion, human_passed, reviewer, data_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (result_id, criterion) DO UPDATE SET human_passed = excluded.human_passed,
         reviewer = excluded.reviewer, data_json = excluded.data_json, updated_at = excluded.updated_at`,
    ).run(
      row.id,
      row.run_id,
      row.result_id,
      row.criterion,
      row.human_passed ? 1 : 0,
      row.reviewer,
      JSON.stringify(row),
      row.created_at,
      row.updated_at,
    );
    return row;
  }

  get(resultId: string, criterion: string): HumanLabel | undefined {
    const r = prep(this.db, 'SELECT data_json FROM labels WHERE result_id = ? AND criterion = ?').get(
      resultId,
      criterion,
    ) as { data_json: string } | undefined;
    return r ? HumanLabel.parse(JSON.parse(r.data_json)) : undefined;
  }

  /** Removes the label of (result_id, criterion); true when there was one. */
  remove(resultId: string, criterion: string): boolean {
    return (
      prep(this.db, 'DELETE FROM labels WHERE result_id = ? AND criterion = ?').run(resultId, criterion).changes > 0
    );
  }

  listByRun(runId: string): HumanLabel[] {
    const rows = prep(
      this.db,
      'SELECT data_json FROM labels WHERE run_id = ? ORDER BY created_at, result_id, criterion',
    ).all(runId) as {
      data_json: string;
    }[];
    return rows.map((r) => HumanLabel.parse(JSON.parse(r.data_json)));
  }

  /** The verdicts alone (agreement reports): no JSON to read. */
  verdictsByRun(runId: string): { result_id: string; criterion: string; human_passed: boolean; reviewer: string }[] {
    const rows = prep(
      this.db,
      'SELECT result_id, criterion, human_passed, reviewer FROM labels WHERE run_id = ? ORDER BY created_at, result_id, criterion',
    ).all(runId) as { result_id: string; criterion: string; human_passed: number; reviewer: string }[];
    return rows.map((r) => ({ ...r, human_passed: r.human_passed === 1 }));
  }

  listAll(): HumanLabel[] {
    const rows = prep(
      this.db,
      'SELECT data_json FROM labels ORDER BY run_id, created_at, result_id, criterion',
    ).all() as {
      data_json: string;
    }[];
    return rows.map((r) => HumanLabel.parse(JSON.parse(r.data_json)));
  }

  countByRun(runId: string): number {
    return (prep(this.db, 'SELECT COUNT(*) AS n FROM labels WHERE run_id = ?').get(runId) as { n: number }).n;
  }
}
