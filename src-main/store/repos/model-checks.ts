import type Database from 'better-sqlite3';
import { ReadinessReport } from '../../../src-shared/schemas/index.js';
import { redactUrlsDeep, redactUrlsIn } from '../../../src-shared/text/redact.js';
import { prep } from '../statements.js';

/**
 * Stored model readiness checks (src-main/app/models/readiness.ts), newest first. Stored and answered with endpoint
 * URLs redacted (a key in `?api_key=` or `user:key@` never reaches the file): the model it is listed under too.
 */
export class ModelChecksRepo {
  constructor(private readonly db: Database.Database) {}

  insert(r: ReadinessReport): ReadinessReport {
    const row = redactUrlsDeep(ReadinessReport.parse(r));
    prep(this.db, 'INSERT INTO model_checks (id, model, digest, data_json, created_at) VALUES (?, ?, ?, ?, ?)').run(
      row.id,
      row.model,
      row.identity?.digest ?? null,
      JSON.stringify(row),
      row.created_at,
    );
    return row;
  }

  get(id: string): ReadinessReport | undefined {
    const r = prep(this.db, 'SELECT data_json FROM model_checks WHERE id = ?').get(id) as
      { data_json: string } | undefined;
    return r ? ReadinessReport.parse(JSON.parse(r.data_json)) : undefined;
  }

  /** Every check, or those of one model (its spec as typed), newest first. */
  list(model?: string): ReadinessReport[] {
    const rows = (
      model
        ? prep(this.db, 'SELECT data_json FROM model_checks WHERE model = ? ORDER BY created_at DESC, rowid DESC').all(
            redactUrlsIn(model),
          )
        : prep(this.db, 'SELECT data_json FROM model_checks ORDER BY created_at DESC, rowid DESC').all()
    ) as { data_json: string }[];
    return rows.map((r) => ReadinessReport.parse(JSON.parse(r.data_json)));
  }

  /** Checks of the model file or tag with this digest (a file checked under another path is the same model), newest first. */
  listByDigest(digest: string): ReadinessReport[] {
    const rows = prep(
      this.db,
      'SELECT data_json FROM model_checks WHERE digest = ? ORDER BY created_at DESC, rowid DESC',
    ).all(digest) as { data_json: string }[];
    return rows.map((r) => ReadinessReport.parse(JSON.parse(r.data_json)));
  }

  /** The newest check of each model. */
  latestPerModel(): ReadinessReport[] {
    const seen = new Set<string>();
    return this.list().filter((r) => (seen.has(r.model) ? false : (seen.add(r.model), true)));
  }
}
