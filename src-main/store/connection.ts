import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from './errors.js';
import { applyMigrations, appliedMigrations, pendingMigrations } from './migrate.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface OpenOptions {
  /** Migrations to use (tests pass edited lists). */
  migrations?: Migration[];
  readonly?: boolean;
  /** Back up an existing DB before applying migrations (default true). */
  backupBeforeMigrate?: boolean;
}

/** Refuses anything that is not an SQLite file without touching it. */
function checkHeader(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new StoreError(`${file}: cannot open database file: ${(e as Error).message}`, 'io', file);
  }
  try {
    const buf = Buffer.alloc(16);
    const n = fs.readSync(fd, buf, 0, 16, 0);
    if (n === 0) return; // empty file: SQLite treats it as a new database
    if (n < 16 || !buf.equals(SQLITE_HEADER)) {
      throw new StoreError(
        `${file}: not a Parley database (not an SQLite file). The file was not modified; open another database file.`,
        'not_sqlite',
        file,
      );
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Opens (creating if needed) the SQLite file: checks it, applies migrations, then sets WAL,
 * foreign keys, busy timeout and synchronous=NORMAL. Nothing is written when a check fails.
 */
export function openDatabase(file: string, opts: OpenOptions = {}): Database.Database {
  const migrations = opts.migrations ?? MIGRATIONS;
  const existed = fs.existsSync(file);
  if (existed) checkHeader(file);
  else if (opts.readonly) throw new StoreError(`${file}: database does not exist`, 'not_found', file);
  else fs.mkdirSync(path.dirname(file), { recursive: true });

  let db: Database.Database;
  try {
    db = new Database(file, { readonly: !!opts.readonly, fileMustExist: existed });
  } catch (e) {
    throw new StoreError(`${file}: cannot open database: ${(e as Error).message}`, 'io', file);
  }
  try {
    db.pragma('busy_timeout = 5000');
    let pending: Migration[];
    try {
      pending = pendingMigrations(db, file, migrations);
    } catch (e) {
      if (e instanceof StoreError) throw e;
      throw new StoreError(
        `${file}: not a usable Parley database: ${(e as Error).message}. The file was not modified.`,
        'not_sqlite',
        file,
      );
    }
    if (!opts.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      if (pending.length) {
        if (existed && appliedMigrations(db).length > 0 && opts.backupBeforeMigrate !== false) {
          const backup = `${file}.before-migration-${pending[0].id}.bak`;
          db.exec(`VACUUM INTO '${backup.replaceAll("'", "''")}'`);
        }
        applyMigrations(db, pending);
      }
    } else {
      db.pragma('foreign_keys = ON');
    }
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}
