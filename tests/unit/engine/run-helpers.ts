import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestSuite, type AgentGraphInput, type TestSuiteInput } from '../../../src-shared/schemas/index.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import { startRun, type StartRunOptions } from '../../../src-main/engine/index.js';
import { scriptedModel, type ScriptInput } from '../../../src-main/providers/scripted.js';
import type { ChatModel } from '../../../src-main/providers/types.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { graph } from './helpers.js';

export function tempStore(): Store {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  return openStore(path.join(dir, 'test.db'));
}

export interface Bench {
  store: Store;
  start: (extra?: Partial<StartRunOptions>) => ReturnType<typeof startRun>;
  events: RunEvent[];
  agent: { id: string; version_id: string; name: string; graph: ReturnType<typeof graph> };
}

/** A store with one agent, and a `start` that runs a suite on the given models, collecting events. */
export function bench(
  g: AgentGraphInput,
  suite: TestSuiteInput,
  models: { agent?: ChatModel | ScriptInput; caller?: ChatModel; judge?: ChatModel } = {},
): Bench {
  const store = tempStore();
  const parsed = graph(g);
  const created = store.agents.create(parsed, { name: 'demo agent' });
  const agentModel =
    models.agent && 'openSession' in models.agent
      ? (models.agent as ChatModel)
      : scriptedModel((models.agent ?? {}) as ScriptInput);
  const events: RunEvent[] = [];
  const agent = {
    id: created.agent.id,
    version_id: created.version.id,
    name: created.agent.name,
    graph: created.version.graph,
  };
  const data = TestSuite.parse(suite);
  return {
    store,
    events,
    agent,
    start: (extra = {}) =>
      startRun({
        store,
        models: { agent: agentModel, caller: models.caller ?? agentModel, judge: models.judge ?? agentModel },
        agent,
        suite: { id: null, name: data.name || 'suite', data },
        onEvent: (e) => events.push(e),
        ...extra,
      }),
  };
}
