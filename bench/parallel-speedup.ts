// Parallel speedup on llama-cpp (issue 5, benchmark 2): N conversations at once (startRun with
// concurrency N) vs the same N one after another (concurrency 1), N = 1, 2, 4, 8, through the real
// engine on the tiny GGUFs (threads 1 per context, default provider options: maxParallel 4).
// Agent replies of up to 160 tokens so decode dominates; the median of `--reps` repetitions
// (sequential and concurrent alternate first) is reported. Target: >= 1.6x at N = 4.
// Usage: npx tsx bench/parallel-speedup.ts [--reps 3] [--turns 6] [--reply-tokens 160] [--ns 1,2,4,8]
import {
  BENCH_LIMITS,
  benchGraph,
  benchSuite,
  erroredResults,
  machineLoad,
  median,
  tempStore,
  timedRun,
  type TimedRun,
} from './support/fixtures.js';
import { loadBenchModels } from './support/llama-models.js';
import { evaluated } from './support/instrument.js';
import { report, type Check } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const REPS = arg('--reps', 3);
const TURNS = arg('--turns', 6);
const REPLY = arg('--reply-tokens', 160);
const NS = process.argv.includes('--ns')
  ? process.argv[process.argv.indexOf('--ns') + 1].split(',').map(Number)
  : [1, 2, 4, 8];
const TARGET = 1.6;
const loadBefore = machineLoad();

const bm = await loadBenchModels();
const { store, cleanup } = tempStore();
const graph = benchGraph({ metrics: false });
const limits = { ...BENCH_LIMITS, chatMaxTokens: REPLY };

const completion = () => bm.log.calls.reduce((a, c) => a + c.usage.completion_tokens, 0);
const prefill = () => bm.log.calls.reduce((a, c) => a + evaluated(c.usage), 0);
type Once = { ms: number; tokens: number; turns: number; evaluated: number; takeovers: number };

async function once(n: number, concurrency: number): Promise<Once> {
  bm.log.reset();
  const takeovers0 = bm.agent.stats().pool.takeovers + bm.caller.stats().pool.takeovers;
  const r: TimedRun = await timedRun({
    store,
    models: bm.models,
    graph,
    suite: benchSuite(n, { maxTurns: TURNS }),
    concurrency,
    limits,
  });
  const errors = erroredResults(r.outcome);
  if (errors.length) throw new Error(`conversations failed:\n${errors.join('\n')}`);
  const takeovers = bm.agent.stats().pool.takeovers + bm.caller.stats().pool.takeovers - takeovers0;
  return { ms: r.wallMs, tokens: completion(), turns: r.turns, evaluated: prefill(), takeovers };
}

await once(1, 1); // warm-up: grammars, first sequences
const rows: {
  n: number;
  seq: number;
  conc: number;
  speedup: number;
  throughput: number;
  seqTokens: number;
  concTokens: number;
  turns: number;
  evalRatio: number;
  takeovers: number;
}[] = [];
for (const n of NS) {
  const speedups: number[] = [];
  const thr: number[] = [];
  const seqMs: number[] = [];
  const concMs: number[] = [];
  let seqTokens = 0;
  let concTokens = 0;
  let turns = 0;
  let seqEval = 0;
  let concEval = 0;
  let takeovers = 0;
  for (let rep = 0; rep < REPS; rep++) {
    // alternate which goes first; at N = 1 both are concurrency 1 (the spread is the noise floor)
    let s: Once;
    let p: Once;
    if (rep % 2) {
      p = await once(n, n);
      s = await once(n, 1);
    } else {
      s = await once(n, 1);
      p = await once(n, n);
    }
    speedups.push(s.ms / p.ms);
    thr.push(p.tokens / p.ms / (s.tokens / s.ms));
    seqMs.push(s.ms);
    concMs.push(p.ms);
    seqTokens += s.tokens;
    concTokens += p.tokens;
    turns += p.turns;
    seqEval += s.evaluated;
    concEval += p.evaluated;
    takeovers += p.takeovers;
  }
  const row = {
    n,
    seq: median(seqMs),
    conc: median(concMs),
    speedup: median(speedups),
    throughput: median(thr),
    seqTokens: seqTokens / REPS,
    concTokens: concTokens / REPS,
    turns: turns / REPS,
    evalRatio: concEval / seqEval,
    takeovers: takeovers / REPS,
  };
  rows.push(row);
  process.stdout.write(
    `N=${n}: sequential ${row.seq.toFixed(0)} ms, concurrent ${row.conc.toFixed(0)} ms, speedup x${row.speedup.toFixed(2)} (each rep: ${speedups.map((x) => x.toFixed(2)).join(', ')}), tokens/s ratio x${row.throughput.toFixed(2)}, completion tokens ${row.seqTokens.toFixed(0)} vs ${row.concTokens.toFixed(0)}, prompt tokens evaluated concurrent/sequential x${row.evalRatio.toFixed(2)}, sequence takeovers per concurrent run ${row.takeovers.toFixed(0)}\n`,
  );
}
const pool = bm.agent.stats().pool;
process.stdout.write(`agent model sequence pool: ${JSON.stringify(pool)}\n`);
const checks: Check[] = rows.map((r) => ({
  name: `N=${r.n}: wall speedup${r.n === 1 ? ' (both concurrency 1: the noise floor)' : ''}, median of ${REPS} (sequential ${(r.seq / 1000).toFixed(1)} s, concurrent ${(r.conc / 1000).toFixed(1)} s, ${(r.turns / r.n).toFixed(1)} caller turns/conv)`,
  value: r.speedup,
  unit: 'x',
  target: r.n === 4 ? `>= ${TARGET}` : 'reported',
  ok: r.n === 4 ? r.speedup >= TARGET : true,
}));
checks.push(
  ...rows
    .filter((r) => r.n > 1)
    .map((r) => ({
      name: `N=${r.n}: generated tokens/s, concurrent / sequential`,
      value: r.throughput,
      unit: 'x',
      target: 'reported',
      ok: true,
    })),
);
checks.push(
  ...rows
    .filter((r) => r.n > 1)
    .map((r) => ({
      name: `N=${r.n}: prompt tokens evaluated, concurrent / sequential (${r.takeovers.toFixed(0)} sequence takeovers per run)`,
      value: r.evalRatio,
      unit: 'x',
      target: 'reported',
      ok: true,
    })),
);
report(
  `Parallel speedup, llama-cpp tiny GGUF, replies <= ${REPLY} tokens (${loadBefore} before, ${machineLoad()} after)`,
  checks,
);
cleanup();
await bm.registry.close();
