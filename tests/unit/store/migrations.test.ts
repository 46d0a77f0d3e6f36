import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, StoreError } from '../../../src-main/store/index.js';
import { MIGRATIONS } from '../../../src-main/store/migrations/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

describe('store migrations', () => {
  const dirs: { cleanup: () => void }[] = [];
  const newDb = () => {
    const t = tempDir();
    dirs.push(t);
    return tempDbPath(t.dir);
  };
  afterEach(() => {
    while (dirs.length) dirs.pop()!.cleanup();
  });

  it('apply on an empty DB and record id, name and checksum', () => {
    const file = newDb();
    const s = openStore(file);
    const rows = s.db.prepare('SELECT id, name, checksum FROM schema_migrations').all() as {
      id: number;
      name: string;
      checksum: string;
    }[];
    expect(rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(s.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.db.pragma('foreign_keys', { simple: true })).toBe(1);
    s.close();
  });

  it('are idempotent: reopening applies nothing and keeps data', () => {
    const file = newDb();
    const a = openStore(file);
    a.settings.set('x', 1);
    a.close();
    const b = openStore(file);
    expect((b.db.prepare('SELECT count(*) n FROM schema_migrations').get() as { n: number }).n).toBe(MIGRATIONS.length);
    expect(b.settings.get('x')).toBe(1);
    b.close();
  });

  it('refuse an edited applied migration without modifying the file', () => {
    const file = newDb();
    openStore(file).close();
    const before = fs.readFileSync(file);
    const edited = MIGRATIONS.map((m) => (m.id === 1 ? { ...m, sql: m.sql + '\n-- edited' } : m));
    expect(() => openStore(file, { migrations: edited })).toThrow(/migration 1 "initial" does not match/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuse a DB newer than the app (unknown migration) without modifying it', () => {
    const file = newDb();
    const later = [...MIGRATIONS, { id: 99, name: 'future', sql: 'CREATE TABLE future (x)' }];
    openStore(file, { migrations: later }).close();
    const before = fs.readFileSync(file);
    try {
      openStore(file);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StoreError);
      expect((e as StoreError).code).toBe('newer_than_app');
      expect((e as Error).message).toContain(file);
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuse a file that is not SQLite, naming the path, leaving it untouched', () => {
    const file = newDb();
    fs.writeFileSync(file, 'this is a text file, not a database\n'.repeat(10));
    const before = fs.readFileSync(file);
    expect(() => openStore(file)).toThrow(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a Parley database`),
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.existsSync(file + '-wal')).toBe(false);
  });

  it('refuse a corrupt SQLite file (valid header, garbage pages) without modifying it', () => {
    const file = newDb();
    const good = openStore(file);
    good.close();
    const bytes = fs.readFileSync(file);
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
    fs.writeFileSync(file, bytes);
    const before = fs.readFileSync(file);
    expect(() => openStore(file)).toThrow(new RegExp(file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('back up the DB before applying a new migration', () => {
    const file = newDb();
    openStore(file).close();
    // ids have gaps (each engineer has a number): the next one is after the highest
    const next = Math.max(...MIGRATIONS.map((m) => m.id)) + 1;
    const later = [...MIGRATIONS, { id: next, name: 'next', sql: 'CREATE TABLE next_thing (x)' }];
    openStore(file, { migrations: later }).close();
    const backup = `${file}.before-migration-${next}.bak`;
    expect(fs.existsSync(backup)).toBe(true);
    const db = new Database(backup, { readonly: true });
    expect((db.prepare('SELECT count(*) n FROM schema_migrations').get() as { n: number }).n).toBe(MIGRATIONS.length);
    db.close();
  });
});
