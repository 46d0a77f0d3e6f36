// Re-judging 1,000 stored conversations (issue 12): `app.judgements.rejudge` (the same use case as
// `parley rejudge`) over a run of 1,000 stored conversations (10-turn transcripts from a real
// simulated run, copied), with a scripted judge file, on a real SQLite store. Reports the judge
// calls made, the wall time and Parley's overhead per call: wall time / calls, with a judge that
// answers at once, so it is an upper bound on what Parley adds to every judge call (prompt
// rendering, schema, the pool, verdict parsing, the SQLite write, the report) plus the scripted
// model's own microseconds.
// Then k = 3 (3,000 calls) for the consistency path.
// Target: overhead < 2 ms per call.
// Usage: npx tsx bench/rejudge-1000.ts [--n 1000]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src-main/app/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { seedStoredConversations, tempStore } from './support/fixtures.js';
import { report } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = arg('--n', 1000);

const { store, dir, cleanup } = tempStore('parley-rejudge-bench-');
try {
  const { runId, template } = await seedStoredConversations(store, N);
  const judgeFile = path.join(dir, 'judge.json');
  fs.writeFileSync(
    judgeFile,
    JSON.stringify({
      name: 'bench-judge',
      rules: [{ purpose: 'judge', when: { seed: 2 }, reply: 0.3 }],
      defaults: { score: 0.8 },
    }),
  );
  const registry = createProviderRegistry();
  const app = createApp(store, () => registry);
  const judge = { provider: 'scripted' as const, model: judgeFile, params: {} };
  const turns = template.transcript.length;
  const metrics = template.metrics.length;

  const figures = [];
  for (const k of [1, 3]) {
    const t0 = performance.now();
    const res = await (await app.judgements.start({ run_id: runId, judges: [judge], k })).done;
    const wall = performance.now() - t0;
    const rows = store.judgements.listByRun(runId).filter((j) => j.batch_id === res.batch_id);
    if (rows.length !== N * k || res.errors)
      throw new Error(`expected ${N * k} judgements, got ${rows.length} (${res.errors} errors)`);
    // the scripted judge answers without waiting: its time is the JSON merge, part of the overhead figure
    figures.push({ k, calls: rows.length, wall, perCall: wall / rows.length, unstable: res.report.unstable.length });
  }
  await registry.close();
  process.stdout.write(
    `\n${N} stored conversations, ${turns}-turn transcripts, ${metrics} metrics judged in one call each\n`,
  );
  report(
    `Re-judging ${N} stored conversations (scripted judge)`,
    figures.flatMap((f) => [
      { name: `k=${f.k}: judge calls`, value: f.calls, unit: 'calls', target: `= ${N * f.k}`, ok: f.calls === N * f.k },
      { name: `k=${f.k}: wall time`, value: f.wall / 1000, unit: 's', target: '-', ok: true },
      { name: `k=${f.k}: Parley overhead per call`, value: f.perCall, unit: 'ms', target: '< 2 ms', ok: f.perCall < 2 },
    ]),
  );
} finally {
  cleanup();
}
