/**
 * A real SQLite file, the application layer on the real provider registry, the shop agent and a
 * finished starting run on the scripted model (tests/support/fix-fixture.ts).
 */
import { afterEach, beforeEach } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { createApp, type App } from '../../../src-main/app/index.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { shopGraph, shopSuite, writeShopScript, type ProposalScript } from '../../support/fix-fixture.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

export interface FixTestContext {
  readonly app: App;
  readonly store: Store;
  readonly dir: string;
  /** Stores the shop agent and suite and runs the suite once on the scripted model. */
  startingRun(
    kind?: ProposalScript,
    suite?: Parameters<typeof shopSuite>[0],
  ): Promise<{ runId: string; agentId: string; model: string }>;
}

export function useFixContext(): FixTestContext {
  let t: ReturnType<typeof tempDir>;
  let store: Store;
  let registry: ProviderRegistry;
  let app: App;
  beforeEach(() => {
    t = tempDir();
    store = openStore(tempDbPath(t.dir));
    registry = createProviderRegistry();
    app = createApp(store, () => registry);
  });
  afterEach(async () => {
    await app.jobs.dispose();
    await registry.close();
    store.close();
    t.cleanup();
  });
  return {
    get app() {
      return app;
    },
    get store() {
      return store;
    },
    get dir() {
      return t.dir;
    },
    async startingRun(kind = 'good', suite = {}) {
      const model = writeShopScript(t.dir, kind);
      const { agent } = store.agents.create(AgentGraph.parse(shopGraph()));
      const saved = store.suites.create(TestSuite.parse(shopSuite(suite)), 'Shop', { agent_id: agent.id });
      const handle = await app.runs.start({
        agent: agent.id,
        suite: { id: saved.id, name: saved.name, data: saved.data },
        models: { agent: { provider: 'scripted', model, params: {} } },
        options: { concurrency: 2 },
      });
      await handle.done;
      return { runId: handle.runId, agentId: agent.id, model };
    },
  };
}
