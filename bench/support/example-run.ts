import fs from 'node:fs';
import path from 'node:path';
import { AgentGraph, TestSuite, type Result } from '../../src-shared/schemas/index.js';
import { runSuite } from '../../src-main/engine/index.js';
import type { ChatModel } from '../../src-main/providers/types.js';
import type { Store } from '../../src-main/store/index.js';

const root = path.resolve(import.meta.dirname, '../..');
/** A file of the bundled example (resources/example). */
export const example = (f: string): string => path.join(root, 'resources/example', f);
export const readJson = (f: string): unknown => JSON.parse(fs.readFileSync(f, 'utf8'));

/** The bundled example suite run as text on `model` in every role (the speech benches hear its agent turns). */
export async function exampleRun(store: Store, model: ChatModel, repeats: number): Promise<Result[]> {
  const graph = AgentGraph.parse(readJson(example('agent.json')));
  const { agent, version } = store.agents.create(graph);
  const run = await runSuite({
    store,
    models: { agent: model, caller: model, judge: model },
    agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
    suite: { id: null, name: 'example', data: TestSuite.parse(readJson(example('suite.json'))) },
    options: { concurrency: 2, repeats },
  });
  return run.results;
}
