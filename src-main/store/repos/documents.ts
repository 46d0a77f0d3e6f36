import type Database from 'better-sqlite3';
import { prep } from '../statements.js';
import type { z } from 'zod';
import { StoreError } from '../errors.js';
import { newId, nowIso } from '../ids.js';

export interface StoredDoc<T> {
  id: string;
  name: string;
  data: T;
  created_at: string;
  updated_at: string;
}

/** A named JSON document table (personas, suites) validated by a zod schema on write and read. */
export class DocumentsRepo<S extends z.ZodType> {
  constructor(
    private readonly db: Database.Database,
    private readonly table: 'personas' | 'suites',
    private readonly schema: S,
    private readonly prefix: string,
  ) {}

  create(data: z.input<S>, name: string, extra: { agent_id?: string | null } = {}): StoredDoc<z.infer<S>> {
    const parsed = this.schema.parse(data);
    const id = newId(this.prefix);
    const now = nowIso();
    if (this.table === 'suites') {
      prep(
        this.db,
        'INSERT INTO suites (id, name, agent_id, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(id, name, extra.agent_id ?? null, JSON.stringify(parsed), now, now);
    } else {
      prep(this.db, 'INSERT INTO personas (id, name, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
        id,
        name,
        JSON.stringify(parsed),
        now,
        now,
      );
    }
    return { id, name, data: parsed, created_at: now, updated_at: now };
  }

  update(id: string, data: z.input<S>, name: string): StoredDoc<z.infer<S>> {
    const parsed = this.schema.parse(data);
    const info = prep(this.db, `UPDATE ${this.table} SET name = ?, data_json = ?, updated_at = ? WHERE id = ?`).run(
      name,
      JSON.stringify(parsed),
      nowIso(),
      id,
    );
    if (info.changes === 0) throw new StoreError(`${this.table.slice(0, -1)} ${id} not found`, 'not_found');
    return this.get(id)!;
  }

  get(id: string): StoredDoc<z.infer<S>> | undefined {
    const row = prep(this.db, `SELECT id, name, data_json, created_at, updated_at FROM ${this.table} WHERE id = ?`).get(
      id,
    ) as { id: string; name: string; data_json: string; created_at: string; updated_at: string } | undefined;
    if (!row) return undefined;
    const { data_json, ...rest } = row;
    return { ...rest, data: this.schema.parse(JSON.parse(data_json)) };
  }

  /** By id, or by name when exactly one has it. */
  find(idOrName: string): StoredDoc<z.infer<S>> | undefined {
    const byId = this.get(idOrName);
    if (byId) return byId;
    const rows = prep(this.db, `SELECT id FROM ${this.table} WHERE name = ?`).all(idOrName) as { id: string }[];
    if (rows.length > 1)
      throw new StoreError(`name "${idOrName}" is ambiguous (${rows.length} match); use an id`, 'conflict');
    return rows[0] ? this.get(rows[0].id) : undefined;
  }

  list(): StoredDoc<z.infer<S>>[] {
    const ids = prep(this.db, `SELECT id FROM ${this.table} ORDER BY updated_at DESC, id DESC`).all() as {
      id: string;
    }[];
    return ids.map((r) => this.get(r.id)!);
  }

  delete(id: string): boolean {
    return prep(this.db, `DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0;
  }
}
