// Engine overhead (issue 5, benchmark 3): suite wall time minus the time inside model calls, per
// caller turn, with the scripted model and with llama-cpp (tiny GGUFs, threads 1). The suite runs
// through startRun on a real SQLite store, conversations one at a time (concurrency 1) so the
// model time does not overlap; "inside model calls" is the union of the intervals in which a
// model method (identity, openSession, chat, structured, dispose) runs, minus the engine's own
// token callbacks. Everything else (graph, templating, routing, judging rules, regex worker,
// events, SQLite writes, run bookkeeping) is engine overhead.
// Targets: < 1 ms per turn (both) and < 5% of suite time (llama-cpp; with the scripted model,
// which answers in microseconds, nearly all the time is the engine's, so its share is reported).
// Usage: npx tsx bench/engine-overhead.ts [--scripted 50] [--llama 4]
import { TestSuite } from '../src-shared/schemas/index.js';
import { scriptedModel } from '../src-main/providers/scripted.js';
import type { RunModels } from '../src-main/engine/index.js';
import { CallLog, instrument } from './support/instrument.js';
import { benchGraph, benchSuite, erroredResults, machineLoad, tempStore, timedRun } from './support/fixtures.js';
import { loadBenchModels } from './support/llama-models.js';
import { report, type Check } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N_SCRIPTED = arg('--scripted', 50);
const N_LLAMA = arg('--llama', 4);
const loadBefore = machineLoad();

/** The bench suite with deterministic checks too (substring rules, a regex pattern), as users write them. */
function suite(n: number): TestSuite {
  const s = benchSuite(n, { maxTurns: 10 });
  return TestSuite.parse({
    ...s,
    tests: s.tests.map((t) => ({
      ...t,
      includes: ['agent:acme'],
      excludes: ['card number'],
      patterns: ['[Gg]ood\\s*bye'],
    })),
  });
}

interface Figures {
  wallMs: number;
  modelMs: number;
  callbackMs: number;
  turns: number;
  conversations: number;
  calls: number;
}

async function measure(models: RunModels, log: CallLog, n: number): Promise<Figures> {
  const { store, cleanup } = tempStore();
  try {
    log.reset();
    const r = await timedRun({ store, models, graph: benchGraph(), suite: suite(n), concurrency: 1 });
    const errors = erroredResults(r.outcome);
    if (errors.length) throw new Error(`conversations failed:\n${errors.join('\n')}`);
    return {
      wallMs: r.wallMs,
      modelMs: log.modelMs(),
      callbackMs: log.engineCallbackMs(),
      turns: r.turns,
      conversations: r.outcome.results.length,
      calls: log.calls.length,
    };
  } finally {
    cleanup();
  }
}

const CHAT = 'Thanks for calling Acme. I can help with that charge; it is the monthly fee. Goodbye.';
const script = {
  name: 'overhead-scripted',
  chat: [],
  defaults: { chat: CHAT, caller: 'Why was I charged twice this month?', caller_turns: 10, route: 'none', score: 0.9 },
  extract: [{ account_id: 'AC-1001', amount: 12, wants_refund: true, topic: 'charge' }],
};
const slog = new CallLog();
const scripted = instrument(scriptedModel(script), slog, 'scripted');
const smodels = { agent: scripted, caller: scripted, judge: scripted };
await measure(smodels, slog, 10); // warm-up (JIT, prepared statements, regex worker)
const s = await measure(smodels, slog, N_SCRIPTED);

const bm = await loadBenchModels();
await measure(bm.models, bm.log, 1); // warm-up (grammars, sequences)
const l = await measure(bm.models, bm.log, N_LLAMA);
await bm.registry.close();

const rows: Check[] = [];
for (const [name, f, pctTarget] of [
  ['scripted', s, false],
  ['llama-cpp', l, true],
] as const) {
  const overhead = f.wallMs - f.modelMs;
  const perTurn = overhead / f.turns;
  const pct = (100 * overhead) / f.wallMs;
  process.stdout.write(
    `${name}: ${f.conversations} conversations, ${f.turns} caller turns, ${f.calls} model calls; suite ${f.wallMs.toFixed(0)} ms, inside model calls ${f.modelMs.toFixed(0)} ms, engine token callbacks ${f.callbackMs.toFixed(1)} ms, engine ${overhead.toFixed(0)} ms\n`,
  );
  rows.push(
    {
      name: `${name}: engine time per caller turn (${f.turns} turns)`,
      value: perTurn,
      unit: 'ms',
      target: '< 1 ms',
      ok: perTurn < 1,
    },
    {
      name: `${name}: engine share of suite time (suite ${(f.wallMs / 1000).toFixed(1)} s)`,
      value: pct,
      unit: '%',
      target: pctTarget ? '< 5%' : 'reported (model time ~0)',
      ok: pctTarget ? pct < 5 : true,
    },
  );
}
report(`Engine overhead, concurrency 1 (${loadBefore} before, ${machineLoad()} after)`, rows);
