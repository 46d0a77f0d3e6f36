/**
 * Issue 28, item 7: `parley runs merge FILE...` checks everything before it copies anything, and
 * writes the copies and the merged run in one transaction. A refused merge writes nothing (however
 * often it is retried), and a merge killed with SIGKILL at any point leaves either nothing or the whole
 * merge. Real SQLite files, the real CLI as a child process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { tempDir } from '../../support/tmp.js';
import { collect, ROOT } from '../safety/support.js';
import { writeShardDbs } from './support/shard-db.js';

const BIN = path.join(ROOT, 'bin/parley.mjs');
const merge = (db: string, refs: string[]) => spawn(process.execPath, [BIN, 'runs', 'merge', ...refs, '--db', db]);

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir('parley-merge-atomic-');
});
afterEach(() => t.cleanup());

/** Every run of the database with its result count; integrity checked. */
function contents(db: string): { runs: number; results: number[]; merged: number } {
  const store = openStore(db);
  try {
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const runs = store.runs.list({ limit: 1000 });
    return {
      runs: runs.length,
      results: runs.map((r) => store.results.summariesByRun(r.id).length).sort((a, b) => a - b),
      merged: runs.filter((r) => r.options.merged_from).length,
    };
  } finally {
    store.close();
  }
}

/** An empty target database (migrated, checkpointed): its WAL appears only when the merge writes. */
function emptyTarget(): string {
  const db = path.join(t.dir, 'target.db');
  openStore(db).close();
  return db;
}

describe('a refused merge writes nothing', () => {
  it('shards that are not one split: refused before any copy, three retries later the database is unchanged', async () => {
    const files = writeShardDbs(t.dir, { count: 3, tests: 6 });
    // shard 3 was run with other options: not a shard of the same run
    const other = new Database(files[2]);
    other.exec(`UPDATE runs SET options_json = json_set(options_json, '$.max_turns', 7)`);
    other.close();
    const db = emptyTarget();
    for (let attempt = 0; attempt < 3; attempt++) {
      const out = await collect(merge(db, files));
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('these are not shards of one run');
      expect(contents(db)).toEqual({ runs: 0, results: [], merged: 0 });
    }
  }, 300_000);

  it('a run id that does not exist, given with good files: nothing from the files is copied', async () => {
    const files = writeShardDbs(t.dir, { count: 2, tests: 4 });
    const db = emptyTarget();
    const out = await collect(merge(db, [...files, 'run_missing']));
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('run "run_missing" not found');
    expect(contents(db)).toEqual({ runs: 0, results: [], merged: 0 });
  }, 300_000);
});

describe('kill -9 during a merge', () => {
  it('leaves nothing or the whole merge, wherever the kill lands', async () => {
    const tests = 600;
    const files = writeShardDbs(t.dir, { count: 3, tests, turnChars: 20_000 });
    const whole = { runs: 4, results: [200, 200, 200, 600], merged: 1 };
    const outcomes: string[] = [];
    // kill when the target's WAL first passes these sizes (0: as soon as the merge writes at all;
    // the transaction spills pages to the WAL long before it commits); the last one is never killed
    for (const walBytes of [0, 1 << 20, 4 << 20, 12 << 20, Number.POSITIVE_INFINITY]) {
      const db = emptyTarget();
      const child = merge(db, files);
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      let done = false;
      void exited.then(() => (done = true));
      while (!done) {
        const wal = fs.existsSync(`${db}-wal`) ? fs.statSync(`${db}-wal`).size : -1;
        if (wal > walBytes) {
          child.kill('SIGKILL');
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await exited;
      const after = contents(db);
      if (after.runs === 0) outcomes.push('nothing');
      else {
        expect(after).toEqual(whole);
        outcomes.push('whole');
      }
      fs.rmSync(db, { force: true });
      fs.rmSync(`${db}-wal`, { force: true });
      fs.rmSync(`${db}-shm`, { force: true });
    }
    expect(outcomes[0]).toBe('nothing');
    expect(outcomes.at(-1)).toBe('whole');
  }, 600_000);
});
