// Parley's 4-way speedup on a server with spare parallel capacity (issue 15): the OpenAI-protocol test
// server answers every completion after a fixed delay, however many are in flight (as a GPU server with
// free batch slots does, to a first approximation), so the wall time shows how many calls the engine keeps
// in flight, not what the server can do. Same one-node scenario as bench/peers/promptfoo.ts (8 callers,
// 4 caller turns, one metric), Parley's CLI at concurrency 1 and 4.
// Usage: npx tsx bench/peers/spare-capacity.ts [--delay-ms 200] [--runs 2]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAiServer } from '../../tests/servers/openai-server.js';
import { runParley } from './support/run-parley.js';
import { writeParleyScenario } from './support/scenario.js';

const argOf = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const DELAY = Number(argOf('--delay-ms', '200'));
const RUNS = Number(argOf('--runs', '2'));
const N = 8;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-spare-'));
const files = writeParleyScenario(path.join(work, 'scenario'), N);
const server = await startOpenAiServer({ instant: true, chatDelayMs: DELAY });
const walls: Record<number, number[]> = { 1: [], 4: [] };
const peaks: Record<number, number[]> = { 1: [], 4: [] };
let calls = 0;
try {
  for (let run = 1; run <= RUNS; run++)
    for (const c of [1, 4]) {
      const before = server.reported.responses;
      // the peak of calls in flight during this run only
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, server.inFlight())), 5);
      const r = await runParley({
        ...files,
        baseUrl: server.baseUrl,
        concurrency: c,
        db: path.join(work, `spare-${c}-${run}.db`),
        netLog: path.join(work, `net-${c}-${run}.log`),
      });
      clearInterval(sampler);
      if (r.code > 1) throw new Error(`parley exited ${r.code}: ${r.stderr.slice(-1500)}`);
      walls[c].push(r.wallMs / 1000);
      peaks[c].push(peak);
      calls = server.reported.responses - before;
      process.stderr.write(
        `c=${c} run ${run}: ${(r.wallMs / 1000).toFixed(1)} s, ${calls} calls, peak ${peak} in flight\n`,
      );
    }
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const [w1, w4] = [mean(walls[1]), mean(walls[4])];
// the floor: every call of a conversation waits DELAY in turn; conversations run c at a time
const floor1 = (calls * DELAY) / 1000;
process.stdout.write(
  `\n### Spare-capacity server (every completion answered after ${DELAY} ms, any number at once; ${RUNS} runs)\n\n` +
    '| concurrency | wall s (runs) | peak calls in flight | server-bound floor s |\n|---|---|---|---|\n' +
    `| 1 | ${w1.toFixed(2)} (${walls[1].map((x) => x.toFixed(1)).join(', ')}) | ${Math.max(...peaks[1])} | ${floor1.toFixed(1)} |\n` +
    `| 4 | ${w4.toFixed(2)} (${walls[4].map((x) => x.toFixed(1)).join(', ')}) | ${Math.max(...peaks[4])} | ${(floor1 / 4).toFixed(1)} |\n` +
    `\n4-way speedup: ${(w1 / w4).toFixed(2)}x (${calls} model calls per run)\n`,
);
