/**
 * A shard database that lost conversations (rows deleted from a finished shard run) is refused by the merge,
 * naming the run, its slice and what is missing; nothing is written (issue 28 follow-up: a smaller merged run
 * would show a pass rate over fewer conversations as if it were the whole run).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { writeShopShards } from './copied-run-support.js';
import { useFixContext } from './fix-support.js';

describe('merging a shard that lost conversations', () => {
  const t = useFixContext();

  it('is refused with the file, the shard and the missing conversations; nothing is stored', async () => {
    const files = await writeShopShards(t.dir, { models: {} });
    const db = new Database(files[1]);
    const lost = db.prepare('SELECT test, repeat FROM results ORDER BY rowid LIMIT 1').get() as {
      test: string;
      repeat: number;
    };
    db.exec('DELETE FROM results WHERE rowid = (SELECT MIN(rowid) FROM results)');
    db.close();
    const runsBefore = t.store.runs.list({}).length;
    const refusal = await t.app.runs.merge({ files }).then(
      () => null,
      (e: unknown) => e as { error: { code: string; path: string }; message: string },
    );
    expect(refusal).toMatchObject({ error: { code: 'invalid_input', path: 'files' } });
    expect(refusal!.message).toMatch(
      new RegExp(
        `^${files[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: run \\S+ \\(shard 2/2\\) holds \\d+ of its \\d+ conversations: "${lost.test}" repeat ${lost.repeat + 1} missing; resume it where it ran, then merge$`,
      ),
    );
    expect(t.store.runs.list({})).toHaveLength(runsBefore);
  });

  it('the same shards, whole, merge', async () => {
    const files = await writeShopShards(t.dir, { models: {} });
    const run = await (await t.app.runs.merge({ files })).done;
    expect(run.status).toBe('completed');
    expect(t.store.results.listByRun(run.id).length).toBe(run.summary.total);
  });
});
