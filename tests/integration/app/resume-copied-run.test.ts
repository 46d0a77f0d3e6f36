/**
 * Resuming a run merged in from shard databases runs its missing conversations with the run's own
 * options: a copied `command:` speech engine among them is refused before anything runs (issue 28).
 */
import fs from 'node:fs';
import path from 'node:path';
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
    const merged = await (await t.app.runs.merge({ files })).done;
    // the merged run lost one conversation here (a merge refuses a shard missing one: merge-incomplete-shard)
    const lost = t.store.results.listByRun(merged.id)[0];
    t.store.db.prepare('DELETE FROM results WHERE id = ?').run(lost.id);
    t.store.runs.refreshSummary(merged.id);
    const run = t.store.runs.get(merged.id)!;
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
