import type Database from 'better-sqlite3';
import { FixIteration, FixSession } from '../../../src-shared/schemas/index.js';
import { redactUrlsDeep } from '../../../src-shared/text/redact.js';
import { prep } from '../statements.js';

interface FixRow {
  id: string;
  status: string;
  data_json: string;
}

/**
 * Fixes and their iterations (docs/fix.md). A fix's own state is one JSON document; each iteration is a
 * row of its own, replaced as each of its steps ends (diagnosed, proposed, applied, re-run, judged).
 * Written with endpoint URLs redacted (the judge model's, an error's): the fix that runs keeps the spec it
 * was given in memory; one read back (a resume) has the redacted URL, as a run's models do.
 */
export class FixesRepo {
  constructor(private readonly db: Database.Database) {}

  /** Stores a new fix; answers it as given (its judge's URL with any key in it, for the job about to run). */
  create(fix: FixSession): FixSession {
    const given = FixSession.parse(fix);
    const { iterations, ...data } = redactUrlsDeep(given);
    this.db.transaction(() => {
      prep(
        this.db,
        'INSERT INTO fixes (id, run_id, agent_id, status, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(fix.id, fix.run_id, fix.agent_id, fix.status, JSON.stringify(data), fix.created_at, fix.updated_at);
      for (const it of iterations) this.putIteration(fix.id, it);
    })();
    return given;
  }

  /** Replaces the fix's own state (not its iterations). */
  update(fix: FixSession): void {
    const { iterations: _i, ...data } = redactUrlsDeep(FixSession.parse(fix));
    prep(this.db, 'UPDATE fixes SET status = ?, data_json = ?, updated_at = ? WHERE id = ?').run(
      fix.status,
      JSON.stringify(data),
      fix.updated_at,
      fix.id,
    );
  }

  /** Writes an iteration (new or with more steps done). */
  putIteration(fixId: string, it: FixIteration): void {
    const parsed = redactUrlsDeep(FixIteration.parse(it));
    prep(
      this.db,
      `INSERT INTO fix_iterations (fix_id, n, data_json, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (fix_id, n) DO UPDATE SET data_json = excluded.data_json, updated_at = excluded.updated_at`,
    ).run(fixId, parsed.n, JSON.stringify(parsed), new Date().toISOString());
  }

  get(id: string): FixSession | undefined {
    const row = prep(this.db, 'SELECT id, status, data_json FROM fixes WHERE id = ?').get(id) as FixRow | undefined;
    if (!row) return undefined;
    const iterations = (
      prep(this.db, 'SELECT data_json FROM fix_iterations WHERE fix_id = ? ORDER BY n').all(id) as {
        data_json: string;
      }[]
    ).map((r) => FixIteration.parse(JSON.parse(r.data_json)));
    return FixSession.parse({ ...JSON.parse(row.data_json), status: row.status, iterations });
  }

  require(id: string): FixSession {
    const f = this.get(id);
    if (!f) throw new Error(`fix ${id} not found`);
    return f;
  }

  /** Newest first; of one run when given. */
  list(opts: { runId?: string; limit?: number } = {}): FixSession[] {
    const limit = opts.limit ?? 50;
    const rows = (
      opts.runId
        ? prep(this.db, 'SELECT id FROM fixes WHERE run_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(
            opts.runId,
            limit,
          )
        : prep(this.db, 'SELECT id FROM fixes ORDER BY created_at DESC, rowid DESC LIMIT ?').all(limit)
    ) as { id: string }[];
    return rows.map((r) => this.require(r.id));
  }
}
