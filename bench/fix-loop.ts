// The fix loop per iteration (issue 25): model calls and wall time of each auto-fix iteration on the
// scripted model, and Parley's overhead. `app.fix.start` (what `parley fix` calls) on the shop agent of
// tests/support/fix-fixture.ts, on a real SQLite store: two failing tests, a holdout test and `--extra`
// passing tests that make the suite check's size, until all pass (two iterations: the first fixes one
// test, the second the other). The scripted model answers at once, so the wall time of an iteration is
// an upper bound on what Parley itself spends on it (prompts, schemas, the graph check, versions, the
// run loop for the re-runs, the verdicts, the SQLite writes); the model's own time (recorded per call)
// is reported apart.
// Targets: the model calls per iteration are exactly the ones the design says (one diagnosis per failing
// test, one proposal, the re-runs' conversations); Parley's overhead under 50 ms per conversation re-run
// (a plain run of the same suite is 18-33 ms per conversation on the loaded project machine).
// Usage: npx tsx bench/fix-loop.ts [--extra 20] [--repeat 3]
import { performance } from 'node:perf_hooks';
import { AgentGraph, TestSuite, type FixIteration } from '../src-shared/schemas/index.js';
import { createApp } from '../src-main/app/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { HOURS, shopGraph, shopSuite, writeShopScript } from '../tests/support/fix-fixture.js';
import { machineLoad, tempStore } from './support/fixtures.js';
import { report, type Check } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const EXTRA = arg('--extra', 20);
const REPEAT = arg('--repeat', 3);

const { store, dir, cleanup } = tempStore('parley-fix-bench-');
const registry = createProviderRegistry();
try {
  const model = writeShopScript(dir, 'good');
  const { agent } = store.agents.create(AgentGraph.parse(shopGraph()));
  const base = shopSuite({ exchange: true, holdout: true });
  const hours = base.tests.find((t) => t.name === HOURS)!;
  const suite = TestSuite.parse({
    ...base,
    tests: [...base.tests, ...Array.from({ length: EXTRA }, (_, i) => ({ ...hours, name: `${HOURS} ${i + 1}` }))],
  });
  const saved = store.suites.create(suite, 'Shop', { agent_id: agent.id });
  const app = createApp(store, () => registry);
  const s0 = performance.now();
  const start = await app.runs.start({
    agent: agent.id,
    suite: { id: saved.id, name: saved.name, data: saved.data },
    models: { agent: { provider: 'scripted', model, params: {} } },
  });
  const runId = (await start.done).run.id;
  const plainMs = performance.now() - s0;
  const plainConversations = store.results.listByRun(runId).length;

  const began = new Map<number, number>();
  const ended = new Map<number, number>();
  const t0 = performance.now();
  const { fix, job } = await app.fix.start(
    { run_id: runId, subject: { all: true }, repeats: REPEAT, max_iterations: 3, until: 'all-pass' },
    {
      onStep: (e) => {
        if (!began.has(e.n)) began.set(e.n, performance.now());
      },
      onIteration: (it) => ended.set(it.n, performance.now()),
    },
  );
  await job.done;
  const total = performance.now() - t0;
  const f = app.fix.get(fix.id);

  const runsOf = (it: FixIteration) =>
    [it.target_run_id, it.suite?.run_id, it.n === 1 ? f.baseline?.run_id : null].filter((x): x is string => !!x);
  const checks: Check[] = [];
  const rows: string[] = [];
  for (const it of f.iterations) {
    const results = runsOf(it).flatMap((id) => store.results.listByRun(id));
    const conversationMs = results.flatMap((r) => r.model_calls).reduce((s, c) => s + c.ms, 0);
    const diagnoseCalls = it.diagnoses.reduce((n, d) => n + d.cost.calls, 0);
    const modelMs = conversationMs + it.diagnoses.reduce((s, d) => s + d.cost.ms, 0) + (it.proposal?.cost.ms ?? 0);
    const wall = ended.get(it.n)! - began.get(it.n)!;
    const failing = f.tests.filter((t) => {
      const before = it.n === 1 ? null : f.iterations[it.n - 2].targets.find((x) => x.test === t);
      return !before?.all_passed;
    }).length;
    rows.push(
      `| ${it.n} | ${it.outcome} | ${diagnoseCalls} + ${it.proposal?.cost.calls ?? 0} | ${results.length} | ${it.conversation_calls} | ${wall.toFixed(0)} ms | ${modelMs.toFixed(1)} ms | ${((wall - modelMs) / results.length).toFixed(2)} ms |`,
    );
    checks.push(
      {
        name: `iteration ${it.n}: diagnosis calls`,
        value: diagnoseCalls,
        unit: '',
        target: `= ${failing} (failing tests)`,
        ok: diagnoseCalls === failing,
      },
      {
        name: `iteration ${it.n}: proposal calls`,
        value: it.proposal?.cost.calls ?? 0,
        unit: '',
        target: '= 1',
        ok: it.proposal?.cost.calls === 1,
      },
      {
        name: `iteration ${it.n}: overhead per conversation`,
        value: (wall - modelMs) / results.length,
        unit: 'ms',
        target: '< 50 ms',
        ok: (wall - modelMs) / results.length < 50,
      },
    );
  }
  const holdout = f.holdout?.run_id ? store.results.listByRun(f.holdout.run_id).length : 0;
  process.stdout.write(
    `\n${f.tests.length} failing tests, ${EXTRA + 1} other tests, 1 holdout test, ${REPEAT} conversations per failing test; ${machineLoad()}\n` +
      `stop: ${f.stop?.reason} after ${f.iterations.length} iterations; total ${(total / 1000).toFixed(2)} s (holdout run: ${holdout} conversation(s))\n` +
      `for comparison, the starting run (a plain run of the suite): ${plainConversations} conversations in ${plainMs.toFixed(0)} ms, ${(plainMs / plainConversations).toFixed(2)} ms per conversation\n\n` +
      '| iteration | outcome | model calls: diagnose + propose | conversations re-run | their model calls | wall time | model time | Parley per conversation |\n|---|---|---|---|---|---|---|---|\n' +
      rows.join('\n') +
      '\n',
  );
  report('Fix loop on the scripted model', checks);
  await app.jobs.dispose();
} finally {
  await registry.close();
  store.close();
  cleanup();
}
