// Latency measurement overhead (issue 11, item 3): what Parley's own latency bookkeeping costs.
// 1. Per agent turn: TurnLatencyMeter (the engine's per-turn figure from the model calls since the
//    previous turn), on a conversation of 20 caller turns with routing + reply calls (40 agent turns).
// 2. Per run: runLatency (p50/p95 of every figure) + the budget check over 1,000 conversations x 20
//    agent turns, what the run page, `runs show` and the JUnit export compute on every read.
// Targets: < 0.01 ms per agent turn; < 50 ms per 20,000-turn run.
// Usage: npx tsx bench/latency-overhead.ts
import { TurnLatencyMeter } from '../src-main/engine/conversation/turn-latency.js';
import { runLatencyReport } from '../src-shared/latency/run-latency-report.js';
import type { ModelCall, Result, TranscriptTurn } from '../src-shared/schemas/index.js';
import { report, timeIt } from './lib.js';

const call = (purpose: string, ms: number, first?: number): ModelCall => ({
  role: 'agent',
  purpose,
  tokens: { prompt: 100, cached_prompt: 80, completion: 20 },
  ms,
  ...(first !== undefined ? { first_token_ms: first } : {}),
});

function conversation(turns: number): number {
  const records: ModelCall[] = [];
  const meter = new TurnLatencyMeter(records);
  let agentTurns = 0;
  for (let i = 0; i < turns; i++) {
    records.push({ ...call('caller', 300, 50), role: 'caller' });
    meter.callerTurn();
    records.push(call('route', 120 + (i % 7)), call('chat', 800 + i, 200 + i));
    meter.agentTurn();
    records.push(call('chat', 400, 90));
    meter.agentTurn();
    agentTurns += 2;
  }
  return agentTurns;
}

const PER_CONV = 20;
const perConv = await timeIt(2000, () => conversation(PER_CONV));
const perTurn = perConv.median / (PER_CONV * 2);

const agentTurn = (i: number): TranscriptTurn => ({
  role: 'agent',
  content: 'x',
  latency: {
    routing_ms: 100 + (i % 13),
    first_token_ms: 200 + (i % 97),
    full_reply_ms: 900,
    response_ms: 300 + (i % 97),
  },
});
const results = Array.from({ length: 1000 }, (_, c) => ({
  transcript: Array.from({ length: PER_CONV }, (_, i) => [
    { role: 'caller', content: 'y' } as TranscriptTurn,
    agentTurn(c * 31 + i),
  ]).flat(),
})) as Pick<Result, 'transcript'>[];
const run = { options: { concurrency: 4, latency_budget: { p95_response_ms: 1200, p50_first_token_ms: 400 } } };
const perRun = await timeIt(30, () => runLatencyReport(run, results));

report('Latency measurement overhead', [
  {
    name: 'per agent turn (TurnLatencyMeter, median)',
    value: perTurn * 1000,
    unit: 'us',
    target: '< 10 us',
    ok: perTurn < 0.01,
  },
  {
    name: 'run latency + budget, 20,000 agent turns (median)',
    value: perRun.median,
    unit: 'ms',
    target: '< 50 ms',
    ok: perRun.median < 50,
  },
  { name: 'run latency + budget, 20,000 agent turns (p95)', value: perRun.p95, unit: 'ms', target: '-', ok: true },
]);
