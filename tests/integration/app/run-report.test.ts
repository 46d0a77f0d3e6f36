/** The report the doors print (app/runs/run-report.ts) over a real SQLite store. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReport } from '../../../src-main/app/runs/run-report.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { smallGraph } from '../../support/graphs.js';

const SECRET = 'CANARYsecret0123456789';

describe('runReport', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: Store;
  beforeEach(() => {
    tmp = tempDir();
    store = openStore(tempDbPath(tmp.dir));
  });
  afterEach(() => {
    store.close();
    tmp.cleanup();
  });

  it('a run stored before URLs were redacted is reported without the secret, with its source run and fitness', () => {
    const { agent, version } = store.agents.create(smallGraph());
    const source = store.runs.create({
      kind: 'simulated',
      status: 'completed',
      agent_id: agent.id,
      agent_version_id: version.id,
      agent_name: 'A',
      suite_id: null,
      suite_name: 's',
      models: { agent: { spec: { provider: 'scripted', model: '/s/a.json', params: {} } } },
      options: { concurrency: 1 },
    });
    const run = store.runs.create({
      kind: 'simulated',
      status: 'completed',
      agent_id: agent.id,
      agent_version_id: version.id,
      agent_name: 'A',
      suite_id: null,
      suite_name: 's',
      // as an old run stored it: the key inside the endpoint URL
      models: {
        agent: {
          spec: {
            provider: 'openai',
            model: 'tiny',
            endpoints: [`http://someone:${SECRET}@127.0.0.1:9/v1?api_key=${SECRET}`],
            params: { temperature: 0 },
          },
        },
      },
      options: { concurrency: 1 },
      source_run_id: source.id,
    });
    const report = runReport(store, store.runs.require(run.id), []);
    expect(JSON.stringify(report)).not.toContain(SECRET);
    expect(report.role_models.agent?.spec.params).toEqual({ temperature: 0 });
    expect(report.source_run_id).toBe(source.id);
    expect(report.fitness?.map((f) => [f.role, f.state])).toEqual([
      ['agent', 'unchecked'],
      ['caller', 'unchecked'],
      ['judge', 'unchecked'],
    ]);
  });
});
