/**
 * Shard databases as a CI machine's `parley run --shard K/N --db FILE` leaves them, written through
 * Parley's own store (real SQLite files), with the models and options a test chooses; hostile tests
 * then edit the files with plain SQL the way an attacker would.
 */
import path from 'node:path';
import type { AgentGraph, RoleModel, RunOptions, TestSuite } from '../../../../src-shared/schemas/index.js';
import { openStore } from '../../../../src-main/store/index.js';
import { fakeResult } from '../../../support/results.js';
import { smallGraph } from '../../../support/graphs.js';

export interface ShardDbOptions {
  /** Shards (one file each). */
  count: number;
  /** Tests in the whole suite (spread over the shards). */
  tests: number;
  models?: { agent?: RoleModel; caller?: RoleModel; judge?: RoleModel };
  options?: Partial<RunOptions>;
  graph?: AgentGraph;
  /** Characters of each result's agent turn (to make big files). */
  turnChars?: number;
  /** Metrics on every result (for re-judging). */
  withMetrics?: boolean;
}

export const SCRIPTED_AGENT: RoleModel = { spec: { provider: 'scripted', model: 'scripted-model.json', params: {} } };

export function suiteOf(tests: number): TestSuite {
  return {
    name: 'shard suite',
    tests: Array.from({ length: tests }, (_, i) => ({
      name: `test ${i}`,
      caller_script: ['hello'],
      metrics: [{ criterion: 'The agent greets', threshold: 0.5 }],
    })),
  } as TestSuite;
}

/** Writes `count` shard files into `dir`; returns their paths. */
export function writeShardDbs(dir: string, o: ShardDbOptions): string[] {
  const suite = suiteOf(o.tests);
  return Array.from({ length: o.count }, (_, k) => {
    const file = path.join(dir, `shard-${k + 1}.db`);
    const store = openStore(file);
    try {
      const { agent, version } = store.agents.create(o.graph ?? smallGraph());
      const run = store.runs.create(
        {
          kind: 'simulated',
          agent_id: agent.id,
          agent_version_id: version.id,
          agent_name: agent.name,
          suite_id: null,
          suite_name: suite.name,
          models: o.models ?? { agent: SCRIPTED_AGENT, judge: SCRIPTED_AGENT },
          options: { concurrency: 4, ...o.options, shard: { index: k + 1, count: o.count } },
        },
        suite,
      );
      store.transaction(() => {
        for (let i = k; i < o.tests; i += o.count)
          store.results.insert(
            fakeResult(run.id, i, 'pass', {
              test: `test ${i}`,
              transcript: [
                { role: 'agent', content: `Hello ${'x'.repeat(o.turnChars ?? 10)}`, node: 'greeting' },
                { role: 'caller', content: 'Bye' },
              ],
              ...(o.withMetrics
                ? {
                    metrics: [
                      { criterion: 'The agent greets', score: 1, threshold: 0.5, passed: true, reasoning: 'ok' },
                    ],
                  }
                : {}),
            } as never),
          );
      });
      store.runs.setStatus(run.id, 'running');
      store.runs.refreshSummary(run.id);
      store.runs.setStatus(run.id, 'completed');
      return file;
    } finally {
      store.close();
    }
  });
}
