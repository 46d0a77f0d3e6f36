/**
 * Resuming a run merged in from shard databases runs its missing conversations with the run's own
 * options: a copied `command:` speech engine among them is refused before anything runs (issue 28).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { writeShopShards } from './copied-run-support.js';
import { useFixContext } from './fix-support.js';

describe('resume a run copied from another database', () => {
  const t = useFixContext();

  it('refuses a copied command: speech engine before the missing conversations run, and the program never runs', async () => {
    const marker = path.join(t.dir, 'the-command-ran');
    const model = path.join(t.dir, 'shard-machine', 'shop-good.json');
    const files = await writeShopShards(t.dir, {
      models: { agent: { spec: { provider: 'scripted', model, params: {} } } },
      speech: { tts: `command:["sh","-c","touch ${marker}"]`, stt: 'pocketsphinx', caller_speech: true },
    });
    // the shard file lost one conversation: the merged run has one to run again
    const db = new Database(files[0]);
    db.exec('DELETE FROM results WHERE rowid = (SELECT MIN(rowid) FROM results)');
    db.close();
    const run = await (await t.app.runs.merge({ files })).done;
    expect(run.summary.total).toBe(2);
    t.store.settings.set('models', { models_dir: path.dirname(model) });
    await expect(t.app.runs.resume(run.id)).rejects.toMatchObject({
      error: {
        code: 'invalid_input',
        message: expect.stringContaining(
          'runs a program (command:), so it is not used for you; a resumed run keeps its own speech engines: run the suite again with yours',
        ),
      },
    });
    expect(fs.existsSync(marker)).toBe(false);
    expect(t.store.results.listByRun(run.id)).toHaveLength(2);
  });
});
