// 100,000 stored results: the runs list and the run page must answer in under 100 ms.
// Usage: npx tsx bench/store-queries.ts [--results 100000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../src-main/store/index.js';
import { smallGraph } from '../tests/support/graphs.js';
import { fakeResult } from '../tests/support/results.js';
import { report, timeIt } from './lib.js';

const total = Number(process.argv[process.argv.indexOf('--results') + 1]) || 100_000;
const perRun = 100;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
const store = openStore(path.join(dir, 'bench.db'));
const { agent, version } = store.agents.create(smallGraph(), { name: 'Bench' });
const transcript = Array.from({ length: 12 }, (_, k) => ({
  role: (k % 2 ? 'caller' : 'agent') as 'agent' | 'caller',
  content: `This is turn ${k} of a typical conversation, about this long.`,
  node: 'greeting',
}));

const t0 = Date.now();
let lastRun = '';
const models = (i: number) => ({
  agent: { spec: { provider: 'ollama' as const, model: i % 2 ? 'llama3.2' : 'qwen2.5', params: {} } },
});
for (let r = 0; r < total / perRun; r++) {
  store.transaction(() => {
    const run = store.runs.create({
      kind: 'simulated',
      agent_id: agent.id,
      agent_version_id: version.id,
      agent_name: 'Bench',
      suite_id: null,
      suite_name: 'suite',
      models: models(r),
      options: { concurrency: 4 },
    });
    for (let i = 0; i < perRun; i++)
      store.results.insert(fakeResult(run.id, i, i % 5 ? 'pass' : 'fail', { transcript }));
    store.runs.refreshSummary(run.id);
    store.runs.setStatus(run.id, 'completed');
    lastRun = run.id;
  });
}
const fillS = (Date.now() - t0) / 1000;
const middleRun = store.runs.list({ limit: 1, offset: Math.floor(total / perRun / 2) })[0].id;

const checks = [
  ['runs list (newest 100)', () => store.runs.list({ limit: 100 })],
  ['runs list filtered by model + status', () => store.runs.list({ model: 'qwen', status: 'completed', limit: 100 })],
  ['runs list, page 5 of agent', () => store.runs.list({ agent_id: agent.id, limit: 100, offset: 400 })],
  [
    'run page: run + 100 result rows',
    () => {
      store.runs.get(middleRun);
      store.results.summariesByRun(middleRun);
    },
  ],
  ['run page: full results (100 transcripts)', () => store.results.listByRun(lastRun)],
] as const;

const out = [];
for (const [name, fn] of checks) {
  const t = await timeIt(30, fn);
  out.push({ name: `${name} (p95)`, value: t.p95, unit: 'ms', target: '< 100 ms', ok: t.p95 < 100 });
}
const dbBytes =
  fs.statSync(path.join(dir, 'bench.db')).size +
  (fs.existsSync(path.join(dir, 'bench.db-wal')) ? fs.statSync(path.join(dir, 'bench.db-wal')).size : 0);
report(
  `Store queries over ${total.toLocaleString('en')} results (${total / perRun} runs; filled in ${fillS.toFixed(1)} s, ${(dbBytes / 1e6).toFixed(0)} MB)`,
  out,
);
store.close();
fs.rmSync(dir, { recursive: true, force: true });
