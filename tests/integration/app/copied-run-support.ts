/**
 * Shard databases of the shop agent (tests/support/fix-fixture.ts) as another machine leaves them:
 * real sharded runs on the scripted model in their own SQLite files, whose stored model and speech
 * specs are then rewritten with plain SQL (what anyone can do to a file they send). A test merges
 * them into its own database and diagnoses or fixes the merged run.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AgentGraph, TestSuite, type Run, type RunSpeechOptions } from '../../../src-shared/schemas/index.js';
import { createApp } from '../../../src-main/app/index.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore } from '../../../src-main/store/index.js';
import { shopGraph, shopSuite, writeShopScript } from '../../support/fix-fixture.js';

export interface ShopShardOptions {
  /** The models the shard files claim (the runs themselves ran on the scripted shop model). */
  models: Run['models'];
  /** Speech options the shard files claim. */
  speech?: RunSpeechOptions;
}

/** Runs the shop suite (with the exchange test) as 2 shards in `dir`/shard-K.db; returns the files. */
export async function writeShopShards(dir: string, o: ShopShardOptions): Promise<string[]> {
  const scripts = path.join(dir, 'shard-machine');
  fs.mkdirSync(scripts, { recursive: true });
  const model = writeShopScript(scripts, 'good');
  const files: string[] = [];
  for (const index of [1, 2]) {
    const file = path.join(dir, `shard-${index}.db`);
    const store = openStore(file);
    const registry = createProviderRegistry();
    try {
      const { agent } = store.agents.create(AgentGraph.parse(shopGraph()));
      const saved = store.suites.create(TestSuite.parse(shopSuite({ exchange: true })), 'Shop', {
        agent_id: agent.id,
      });
      const app = createApp(store, () => registry);
      const handle = await app.runs.start({
        agent: agent.id,
        suite: { id: saved.id, name: saved.name, data: saved.data },
        models: { agent: { provider: 'scripted', model, params: {} } },
        options: { concurrency: 2, shard: { index, count: 2 } },
      });
      await handle.done;
      await app.jobs.dispose();
    } finally {
      await registry.close();
      store.close();
    }
    claim(file, o);
    files.push(file);
  }
  return files;
}

/** Rewrites the shard run's stored models and speech options. */
function claim(file: string, o: ShopShardOptions): void {
  const db = new Database(file);
  try {
    const row = db.prepare('SELECT id, options_json FROM runs').get() as { id: string; options_json: string };
    const options = { ...JSON.parse(row.options_json), ...(o.speech ? { speech: o.speech } : {}) };
    db.prepare('UPDATE runs SET models_json = ?, options_json = ? WHERE id = ?').run(
      JSON.stringify(o.models),
      JSON.stringify(options),
      row.id,
    );
  } finally {
    db.close();
  }
}
