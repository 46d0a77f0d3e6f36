// 1,000 conversations on the scripted model: completes, memory stays flat, results stream to the DB.
// Growth is measured to 95% done: at the end the engine reads every result back for its outcome.
// Usage: npx tsx bench/load-1000.ts [--conversations 1000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRunModels, startRun } from '../src-main/engine/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { openStore } from '../src-main/store/index.js';
import { AgentGraph, TestSuite } from '../src-shared/schemas/index.js';
import { report } from './lib.js';

const n = Number(process.argv[process.argv.indexOf('--conversations') + 1]) || 1000;
const ROOT = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-load-'));
const store = openStore(path.join(dir, 'load.db'));
const graph = AgentGraph.parse(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/engine/orders-agent.json'), 'utf8')).agent,
);
const base = TestSuite.parse(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/engine/orders-suite.json'), 'utf8')),
);
const suite = TestSuite.parse({
  ...base,
  tests: Array.from({ length: n }, (_, i) => ({ ...base.tests[i % base.tests.length], name: `conversation ${i}` })),
});
const { agent, version } = store.agents.create(graph);
const registry = createProviderRegistry();
const models = await loadRunModels(registry, {
  agent: { provider: 'scripted', model: path.join(ROOT, 'tests/fixtures/engine/orders-model.json'), params: {} },
});

const samples: { t: number; rss: number; heap: number; done: number }[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
let done = 0;
const t0 = Date.now();
const timer = setInterval(() => {
  gc?.();
  const m = process.memoryUsage();
  samples.push({ t: Date.now() - t0, rss: m.rss, heap: m.heapUsed, done });
}, 100);
const handle = await startRun({
  store,
  models,
  agent: { id: agent.id, version_id: version.id, name: agent.name, graph },
  suite: { id: null, name: 'load', data: suite },
  options: { concurrency: 8 },
  onEvent: (e) => {
    if (e.type === 'test.finished') done++;
  },
});
let storedAtHalf = -1;
handle.subscribe((e) => {
  if (e.type === 'test.finished' && done === Math.floor(n / 2))
    storedAtHalf = store.results.summariesByRun(handle.runId).length;
});
const outcome = await handle.done;
clearInterval(timer);
const wall = (Date.now() - t0) / 1000;
const mb = (b: number) => b / 1024 / 1024;
const after10 = samples.filter((s) => s.done >= n * 0.1);
const rssAt = (f: number) => samples.find((s) => s.done >= n * f)?.rss ?? samples.at(-1)!.rss;
const peak = Math.max(...samples.map((s) => s.rss));
const growth = mb(rssAt(0.95) - rssAt(0.1));
const heapAt = (f: number) => samples.find((s) => s.done >= n * f)?.heap ?? samples.at(-1)!.heap;
const heapGrowth = mb(heapAt(0.95) - heapAt(0.1));
report(
  `Load: ${n} conversations, scripted model, concurrency 8 (${wall.toFixed(1)} s, ${(n / wall).toFixed(0)} conversations/s)`,
  [
    {
      name: 'conversations stored',
      value: outcome.results.length,
      unit: '',
      target: `= ${n}`,
      ok: outcome.results.length === n,
    },
    {
      name: 'results in the DB at the halfway event',
      value: storedAtHalf,
      unit: '',
      target: `>= ${Math.floor(n / 2)} (streamed)`,
      ok: storedAtHalf >= Math.floor(n / 2),
    },
    { name: 'peak RSS', value: mb(peak), unit: 'MB', target: 'reported', ok: true },
    { name: 'RSS at 10% done', value: mb(rssAt(0.1)), unit: 'MB', target: 'reported', ok: after10.length > 0 },
    { name: 'RSS growth from 10% to 95% done', value: growth, unit: 'MB', target: 'reported', ok: true },
    {
      name: `JS heap growth from 10% to 95% done${gc ? ' (after GC)' : ''}`,
      value: heapGrowth,
      unit: 'MB',
      target: '< 32 MB (flat)',
      ok: heapGrowth < 32,
    },
  ],
);
await registry.close();
store.close();
fs.rmSync(dir, { recursive: true, force: true });
