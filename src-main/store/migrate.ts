import type Database from 'better-sqlite3';
import { StoreError } from './errors.js';
import { MIGRATIONS, migrationChecksum, type Migration } from './migrations/index.js';
import { nowIso } from './ids.js';

interface AppliedRow {
  id: number;
  name: string;
  checksum: string;
}

export function appliedMigrations(db: Database.Database): AppliedRow[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'").get();
  if (!exists) return [];
  return db.prepare('SELECT id, name, checksum FROM schema_migrations ORDER BY id').all() as AppliedRow[];
}

/**
 * Checks the applied migrations against the app's list without writing anything.
 * Returns the migrations still to apply. Throws when the DB is newer than the app or an applied
 * migration was edited.
 */
export function pendingMigrations(
  db: Database.Database,
  file: string,
  migrations: Migration[] = MIGRATIONS,
): Migration[] {
  const applied = appliedMigrations(db);
  const known = new Map(migrations.map((m) => [m.id, m]));
  for (const row of applied) {
    const m = known.get(row.id);
    if (!m) {
      throw new StoreError(
        `${file}: database was created by a newer Parley (it has migration ${row.id} "${row.name}", this app knows up to ${migrations.at(-1)?.id ?? 0}). Update Parley; the file was not modified.`,
        'newer_than_app',
        file,
      );
    }
    if (migrationChecksum(m) !== row.checksum) {
      throw new StoreError(
        `${file}: applied migration ${row.id} "${row.name}" does not match this app's copy (checksum ${row.checksum.slice(0, 12)} != ${migrationChecksum(m).slice(0, 12)}). A shipped migration was edited; the file was not modified.`,
        'migration_edited',
        file,
      );
    }
  }
  const done = new Set(applied.map((r) => r.id));
  return migrations.filter((m) => !done.has(m.id));
}

/** Applies pending migrations, each in its own transaction, recording id, name and checksum. */
export function applyMigrations(db: Database.Database, pending: Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const record = db.prepare('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, m.name, migrationChecksum(m), nowIso());
    })();
  }
}
