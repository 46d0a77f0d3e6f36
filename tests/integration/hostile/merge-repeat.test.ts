/**
 * Issue 39, item 5: a merge is idempotent. Repeating a merge that succeeded copies nothing and says the
 * shards were merged before (as run X); a shard run an earlier merge copied here (same origin, same
 * content) is used as it is, not copied again; the database being merged into, given as one of its
 * own shard files (by its name or a link to it), is refused and nothing changes. The real CLI in process
 * on real SQLite files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { tempDir } from '../../support/tmp.js';
import { writeShardDbs } from './support/shard-db.js';

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir('parley-merge-repeat-');
});
afterEach(() => t.cleanup());

/** Every run of the database with its result count. */
function contents(db: string): { runs: number; results: number; merged: number } {
  const store = openStore(db);
  try {
    const runs = store.runs.list({ limit: 1000 });
    return {
      runs: runs.length,
      results: runs.reduce((n, r) => n + store.results.summariesByRun(r.id).length, 0),
      merged: runs.filter((r) => r.options.merged_from).length,
    };
  } finally {
    store.close();
  }
}

const merge = (db: string, ...refs: string[]) => parleyInProcess('runs', 'merge', ...refs, '--db', db);

describe('merging the same shards again', () => {
  it('a repeated merge copies nothing and says it was merged before, in text and JSON', async () => {
    const files = writeShardDbs(t.dir, { count: 3, tests: 30 });
    const db = path.join(t.dir, 'target.db');
    const first = await merge(db, ...files);
    expect(first.code, first.stderr).toBeLessThanOrEqual(1);
    const runId = /into run (run_\w+)/.exec(first.stdout)![1];
    const once = contents(db);
    expect(once).toEqual({ runs: 4, results: 60, merged: 1 });

    for (let i = 0; i < 3; i++) {
      const again = await merge(db, ...files);
      expect(again.code, again.stderr).toBeLessThanOrEqual(1);
      expect(again.stdout).toContain(`Already merged: these shards were merged before into run ${runId}`);
      expect(again.stdout).toContain('3 shard runs already copied here by an earlier merge, not copied again');
      expect(contents(db)).toEqual(once);
    }
    const json = await merge(db, ...files, '--json');
    const report = JSON.parse(json.stdout);
    expect(report.run_id).toBe(runId);
    expect(report.merge).toMatchObject({ already_merged: true, copied: [] });
    expect(report.merge.reused).toHaveLength(3);
    expect(contents(db)).toEqual(once);
  });

  it('shards copied by an earlier merge whose merged run was deleted are used as they are', async () => {
    const files = writeShardDbs(t.dir, { count: 2, tests: 10 });
    const db = path.join(t.dir, 'target.db');
    const first = await merge(db, ...files);
    const runId = /into run (run_\w+)/.exec(first.stdout)![1];
    const store = openStore(db);
    store.runs.delete(runId);
    store.close();
    expect(contents(db)).toEqual({ runs: 2, results: 10, merged: 0 });

    const again = await merge(db, ...files);
    expect(again.code, again.stderr).toBeLessThanOrEqual(1);
    expect(again.stdout).toMatch(/^Merged 2 shards into run run_\w+ \(2 shard runs already copied here/);
    expect(contents(db)).toEqual({ runs: 3, results: 20, merged: 1 });
  });

  it('the database being merged into, given as a shard file (its name or a link), is refused and nothing changes', async () => {
    const files = writeShardDbs(t.dir, { count: 2, tests: 10 });
    const db = path.join(t.dir, 'target.db');
    await merge(db, ...files);
    const before = contents(db);
    const link = path.join(t.dir, 'same.db');
    fs.symlinkSync(db, link);
    for (const self of [db, link]) {
      const out = await merge(db, self, files[0]);
      expect(out.code).toBe(2);
      expect(out.stderr).toBe(
        `parley: ${self} is the database being merged into (--db): give the database files the other machines wrote, or the ids of shard runs here\n`,
      );
      expect(contents(db)).toEqual(before);
    }
  });
});
