// 1,000 conversations against 4 local OpenAI-protocol servers at concurrency 64 (issue 15, section 3).
// The servers answer at once (instant mode, in a child process), so what is measured is Parley:
// its CPU per model call, event-loop lag p99, memory over the run, and SQLite write time per result.
// Usage: nice npx tsx --expose-gc bench/endpoints-1000.ts [--conversations 1000] [--concurrency 64]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { loadRunModels, startRun } from '../src-main/engine/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { openStore } from '../src-main/store/index.js';
import { AgentGraph, parseModelSpec, TestSuite } from '../src-shared/schemas/index.js';
import { report } from './lib.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const n = arg('--conversations', 1000);
const concurrency = arg('--concurrency', 64);
const ROOT = path.resolve(import.meta.dirname, '..');

// the servers, in their own process
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/support/instant-servers.ts'), '4'], {
  stdio: ['ignore', 'pipe', 'ignore'],
});
const urls: string[] = await new Promise((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l)));
  child.once('exit', (c) => reject(new Error(`the servers exited (${c})`)));
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-endpoints-'));
const store = openStore(path.join(dir, 'bench.db'));
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
const registry = createProviderRegistry({ openai: { retry: { baseMs: 50, maxMs: 500 } } });
const spec = `openai:tiny@${urls.map((u) => `${u};c=16`).join(',')}`;
const models = await loadRunModels(registry, { agent: parseModelSpec(spec) });

// SQLite: each finished conversation is stored in one transaction (result + run summary)
let writeMs = 0;
let writes = 0;
const transaction = store.transaction.bind(store);
store.transaction = (<T>(fn: () => T): T => {
  const t = performance.now();
  try {
    return transaction(fn);
  } finally {
    writeMs += performance.now() - t;
    writes++;
  }
}) as typeof store.transaction;

const lag = monitorEventLoopDelay({ resolution: 10 });
const gc = (globalThis as { gc?: () => void }).gc;
const samples: { done: number; rss: number; heap: number }[] = [];
let done = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  samples.push({ done, rss: m.rss, heap: m.heapUsed });
}, 200);
const heapNow = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const heapMarks: Record<string, number> = {};

// warm-up: one short run first, so module loading and JIT compilation are not counted
await (
  await startRun({
    store,
    models,
    agent: { id: agent.id, version_id: version.id, name: agent.name, graph },
    suite: { id: null, name: 'warm-up', data: { ...suite, tests: suite.tests.slice(0, 64) } },
    options: { concurrency, max_turns: 4 },
  })
).done;
writeMs = 0;
writes = 0;

// the lag the process itself causes: each 10 ms tick's delay, capped by the CPU the process used
// meanwhile (on a loaded machine most of the raw delay is the OS running other processes)
const busyLag: number[] = [];
let lastTick = performance.now();
let lastCpu = process.cpuUsage();
const ticker = setInterval(() => {
  const now = performance.now();
  const c = process.cpuUsage();
  const cpuMs = (c.user - lastCpu.user + c.system - lastCpu.system) / 1000;
  busyLag.push(Math.max(0, Math.min(now - lastTick - 10, cpuMs)));
  lastTick = now;
  lastCpu = c;
}, 10);

gc?.();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
lag.enable();
const handle = await startRun({
  store,
  models,
  agent: { id: agent.id, version_id: version.id, name: agent.name, graph },
  suite: { id: null, name: 'endpoints bench', data: suite },
  options: { concurrency, max_turns: 4 },
  onEvent: (e) => {
    if (e.type !== 'test.finished') return;
    done++;
    for (const f of [0.1, 0.5, 0.95]) if (done === Math.floor(n * f)) heapMarks[String(f)] = heapNow();
  },
});
const outcome = await handle.done;
lag.disable();
clearInterval(ticker);
busyLag.sort((a, b) => a - b);
const busyP99 = busyLag[Math.floor(busyLag.length * 0.99)] ?? 0;
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);

const run = store.runs.require(handle.runId);
const load = os.loadavg()[0];
const errors = new Map<string, number>();
for (const r of outcome.results)
  if (r.error) errors.set(r.error.slice(0, 200), (errors.get(r.error.slice(0, 200)) ?? 0) + 1);
for (const [e, k] of [...errors].slice(0, 5)) process.stdout.write(`error x${k}: ${e}\n`);
const eps = run.endpoint_stats ?? [];
const calls = eps.reduce((k, e) => k + e.calls, 0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const mb = (b: number) => b / 1024 / 1024;
const peak = Math.max(...samples.map((s) => s.rss));
const heapGrowth = mb((heapMarks['0.95'] ?? 0) - (heapMarks['0.1'] ?? 0));
const p99 = lag.percentile(99) / 1e6;

process.stdout.write(
  `\nspec: ${spec.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')}\n` +
    `per endpoint: ${eps.map((e) => `${e.calls} calls (${e.errors} errors, mean ${e.mean_latency_ms} ms)`).join('; ')}\n` +
    `machine load average (1 min) at the end: ${load.toFixed(1)} on ${os.cpus().length} cores\n` +
    `heap after GC at 10% / 50% / 95%: ${['0.1', '0.5', '0.95'].map((k) => mb(heapMarks[k] ?? 0).toFixed(1)).join(' / ')} MB\n`,
);
report(
  `${n} conversations, 4 servers x 16 calls at once, concurrency ${concurrency} (${wall.toFixed(1)} s, ${(calls / wall).toFixed(0)} model calls/s)`,
  [
    {
      name: 'conversations stored',
      value: outcome.results.length,
      unit: '',
      target: `= ${n}`,
      ok: outcome.results.length === n,
    },
    { name: 'model calls', value: calls, unit: '', target: 'reported', ok: calls > 0 },
    {
      name: 'errored conversations',
      value: run.summary.errored,
      unit: '',
      target: '= 0',
      ok: run.summary.errored === 0,
    },
    {
      name: 'Parley CPU per model call (user + system)',
      value: cpuMs / calls,
      unit: 'ms',
      target: '< 1 ms',
      ok: cpuMs / calls < 1,
    },
    {
      name: '  of which user (JavaScript, JSON, SQLite in-process)',
      value: cpu.user / 1000 / calls,
      unit: 'ms',
      target: 'reported',
      ok: true,
    },
    {
      name: '  of which system (kernel: loopback TCP sends run the receiver side too, file writes)',
      value: cpu.system / 1000 / calls,
      unit: 'ms',
      target: 'reported',
      ok: true,
    },
    {
      name: 'event-loop lag p99 caused by the process (delay capped by its CPU time)',
      value: busyP99,
      unit: 'ms',
      target: '< 50 ms',
      ok: busyP99 < 50,
    },
    {
      name: 'event-loop lag p99, raw (monitorEventLoopDelay; includes time the OS gave other processes)',
      value: p99,
      unit: 'ms',
      target: '< 50 ms on an idle machine',
      ok: true,
    },
    { name: 'event-loop lag max, raw', value: lag.max / 1e6, unit: 'ms', target: 'reported', ok: true },
    { name: 'peak RSS', value: mb(peak), unit: 'MB', target: 'reported', ok: true },
    {
      name: `JS heap growth 10% -> 95% done${gc ? ' (after GC)' : ' (no --expose-gc)'}`,
      value: heapGrowth,
      unit: 'MB',
      target: '< 32 MB (flat)',
      ok: heapGrowth < 32,
    },
    {
      name: 'SQLite write per result (mean)',
      value: writeMs / Math.max(1, writes),
      unit: 'ms',
      target: 'reported',
      ok: writes >= n,
    },
  ],
);
await registry.close();
store.close();
child.kill('SIGTERM');
fs.rmSync(dir, { recursive: true, force: true });
