import type Database from 'better-sqlite3';
import { prep } from '../statements.js';

/** Small key/value settings (models folder, Ollama URL, endpoints). Never secrets. */
export class SettingsRepo {
  constructor(private readonly db: Database.Database) {}

  get<T>(key: string): T | undefined {
    const row = prep(this.db, 'SELECT value_json FROM settings WHERE key = ?').get(key) as
      { value_json: string } | undefined;
    return row ? (JSON.parse(row.value_json) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    prep(
      this.db,
      'INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
    ).run(key, JSON.stringify(value));
  }

  all(): Record<string, unknown> {
    const rows = prep(this.db, 'SELECT key, value_json FROM settings').all() as { key: string; value_json: string }[];
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value_json)]));
  }
}
