// Hostile input (issues 18 and 39): how fast each guard refuses, and what it costs on the normal path.
// Command: npx tsx bench/hostile-input.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAgentFile } from '../src-main/formats/index.js';
import { VariableStore } from '../src-main/engine/index.js';
import { runSizeIssue } from '../src-main/engine/run/run-size.js';
import { TestSuite } from '../src-shared/schemas/index.js';
import { openStore } from '../src-main/store/index.js';
import { report, timeIt } from './lib.js';
import { elevenLabsImport, runCase, webServerFigures, xlsformImport } from './support/hostile-third-pass.js';

const MB = 1024 * 1024;

const bomb = (repeats: number) =>
  JSON.stringify({
    name: 'bomb',
    entry_node_id: 'a',
    snippets: { s: `x ${'{%s%}'.repeat(repeats)}` },
    nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: '{%s%}' }, transitions: [] }],
  });

const heap0 = process.memoryUsage().heapUsed;
const refuseBomb = await timeIt(50, () => {
  const r = parseAgentFile(bomb(300), 'bomb.json');
  if (r.ok) throw new Error('the bomb validated');
});
const heapBomb = (process.memoryUsage().heapUsed - heap0) / MB;

const wide = TestSuite.parse({
  name: 'w',
  tests: Array.from({ length: 1000 }, (_, i) => ({ name: `t${i}`, repeats: 1000 })),
});
const refuseWide = await timeIt(50, () => {
  if (!runSizeIssue(wide, {})) throw new Error('the wide suite was allowed');
});

const vars = new VariableStore({ defaults: { workflow: { a: 1 } } }, { callId: 'c', turn: () => 0 });
let k = 0;
const setGet = await timeIt(20, () => {
  for (let i = 0; i < 10_000; i++) {
    vars.set(`workflow.items[${(k++ % 50) + 0}].name`, 'x');
    vars.get('workflow.items[3].name');
  }
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
const store = openStore(path.join(dir, 'b.db'));
const lockCycle = await timeIt(200, () => {
  const id = `run_bench_${k++}`;
  store.runs.locks.acquire(id);
  store.runs.locks.release(id);
});
const liveCheck = await timeIt(200, () => store.runs.locks.isLive('run_missing'));
store.close();
fs.rmSync(dir, { recursive: true, force: true });

report('Hostile input guards', [
  {
    name: 'validate a 300x self-referencing snippet bomb (refused) (median)',
    value: refuseBomb.median,
    unit: 'ms',
    target: '< 50 ms',
    ok: refuseBomb.median < 50,
  },
  { name: 'heap growth over 50 bomb refusals', value: heapBomb, unit: 'MB', target: '< 64 MB', ok: heapBomb < 64 },
  {
    name: 'run size check, 1,000 tests x 1,000 repeats (refused) (median)',
    value: refuseWide.median,
    unit: 'ms',
    target: '< 5 ms',
    ok: refuseWide.median < 5,
  },
  {
    name: '10,000 guarded variable set+get (median)',
    value: setGet.median,
    unit: 'ms',
    target: '< 200 ms (118 ms before the guards)',
    ok: setGet.median < 200,
  },
  {
    name: 'run lock acquire + release (median)',
    value: lockCycle.median,
    unit: 'ms',
    target: '< 5 ms',
    ok: lockCycle.median < 5,
  },
  {
    name: 'run liveness check, no lock file (median)',
    value: liveCheck.median,
    unit: 'ms',
    target: '< 1 ms',
    ok: liveCheck.median < 1,
  },
]);

// Third pass (issue 39): zip sizes that lie, big surveys and workflows, requests web mode can never
// accept, runaway model replies. Each RSS figure is measured in a process of its own.
const zip = runCase('zip-under-declared', 1024 * MB);
const proposalJson = runCase('proposal-json', 520 * MB);
const proposalStream = runCase('proposal-stream', 520 * MB);
const xls10k = await xlsformImport(10_000);
const xls50k = await xlsformImport(50_000);
const el50k = await elevenLabsImport(50_000);
const web = await webServerFigures();

report('Hostile input, third pass (issue 39)', [
  {
    name: `refuse a workbook hiding a 1 GB part behind a 1 KB header (${zip.outcome.slice(0, 6)}): time`,
    value: zip.ms,
    unit: 'ms',
    target: '< 3000 ms (21 s for 1.9 GB before)',
    ok: zip.ms < 3000 && !zip.outcome.includes('accepted'),
  },
  {
    name: 'the same: peak RSS of the process',
    value: zip.peak_rss_mb,
    unit: 'MB',
    target: '< 400 MB (1.27 GB before)',
    ok: zip.peak_rss_mb < 400,
  },
  {
    name: 'XLSForm, 10,000 questions: CPU time (wall time in the next row)',
    value: xls10k.cpu,
    unit: 'ms',
    target: '< 2000 ms (6.9 s wall before)',
    ok: xls10k.cpu < 2000,
  },
  { name: 'the same: wall time', value: xls10k.wall, unit: 'ms', target: 'reported', ok: true },
  {
    name: 'XLSForm, 50,000 questions: CPU time',
    value: xls50k.cpu,
    unit: 'ms',
    target: '< 5000 ms (38.7 s wall before)',
    ok: xls50k.cpu < 5000,
  },
  { name: 'the same: wall time', value: xls50k.wall, unit: 'ms', target: 'reported', ok: true },
  {
    name: 'ElevenLabs workflow, 50,000 nodes: CPU time',
    value: el50k.cpu,
    unit: 'ms',
    target: '< 6000 ms (6 s wall before)',
    ok: el50k.cpu < 6000,
  },
  { name: 'the same: wall time', value: el50k.wall, unit: 'ms', target: 'reported', ok: true },
  {
    name: `web: Content-Length 10^12 with 10 bytes sent, answered (${web.hugeDeclaredStatus.trim()})`,
    value: web.hugeDeclaredMs,
    unit: 'ms',
    target: '< 1000 ms (no answer in 20 s before)',
    ok: web.hugeDeclaredMs < 1000 && web.hugeDeclaredStatus.includes('413'),
  },
  {
    name: 'web: a partial body, connection closed after',
    value: web.partialBodyClosedMs / 1000,
    unit: 's',
    target: '< 20 s (held 70 s before)',
    ok: web.partialBodyClosedMs < 20_000,
  },
  {
    name: 'web: 300 half-sent requests without the token, refused at once (503)',
    value: web.crowdRefusedAtOnce,
    unit: 'of 300',
    target: '>= 236 (the cap is 64)',
    ok: web.crowdRefusedAtOnce >= 236,
  },
  {
    name: 'web: the same 300, all closed after',
    value: web.crowdAllClosedMs / 1000,
    unit: 's',
    target: '< 10 s (40 s open before)',
    ok: web.crowdAllClosedMs < 10_000,
  },
  {
    name: 'a 520 MB proposal in one JSON body: refused after',
    value: proposalJson.ms,
    unit: 'ms',
    target: '< 2000 ms (31 s before)',
    ok: proposalJson.ms < 2000 && proposalJson.outcome.includes('the reply passed 1 MB'),
  },
  {
    name: 'the same: RSS growth of the process',
    value: proposalJson.peak_rss_mb - proposalJson.baseline_rss_mb,
    unit: 'MB',
    target: '< 100 MB (1.8 GB peak before)',
    ok: proposalJson.peak_rss_mb - proposalJson.baseline_rss_mb < 100,
  },
  {
    name: 'a 520 MB proposal streamed: refused after',
    value: proposalStream.ms,
    unit: 'ms',
    target: '< 2000 ms',
    ok: proposalStream.ms < 2000 && proposalStream.outcome.includes('the reply passed 1 MB'),
  },
  {
    name: 'the same: RSS growth of the process',
    value: proposalStream.peak_rss_mb - proposalStream.baseline_rss_mb,
    unit: 'MB',
    target: '< 100 MB',
    ok: proposalStream.peak_rss_mb - proposalStream.baseline_rss_mb < 100,
  },
]);
