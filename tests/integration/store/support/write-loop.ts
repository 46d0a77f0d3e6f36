// Child process for the crash test: writes results in a loop, one transaction each, and reports
// every commit on stdout. The parent kills it with SIGKILL at a random moment.
import { openStore } from '../../../../src-main/store/index.js';
import { smallGraph } from '../../../support/graphs.js';
import { fakeResult } from '../../../support/results.js';

const store = openStore(process.argv[2]);
const agent = store.agents.list()[0] ?? store.agents.create(smallGraph()).agent;
const run = store.runs.create({
  kind: 'simulated',
  agent_id: agent.id,
  agent_version_id: agent.latest_version_id,
  agent_name: agent.name,
  suite_id: null,
  suite_name: 'crash',
  models: {},
  options: { concurrency: 1 },
});
store.runs.setStatus(run.id, 'running');
process.stdout.write(`run ${run.id}\n`);
for (let i = 0; ; i++) {
  store.transaction(() => {
    store.results.insert(
      fakeResult(run.id, i, i % 3 ? 'pass' : 'fail', {
        transcript: Array.from({ length: 20 }, (_, k) => ({
          role: k % 2 ? 'caller' : 'agent',
          content: `turn ${k} `.repeat(40),
        })),
      }),
    );
    store.runs.refreshSummary(run.id);
  });
  process.stdout.write(`committed ${i + 1}\n`);
}
