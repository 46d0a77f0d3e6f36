// Hostile input (issue 18): how fast each guard refuses, and what it costs on the normal path.
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
