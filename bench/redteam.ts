// Red-team attempts per minute on the tiny GGUF (issue 35): `parley redteam` through the real CLI in process, every
// built category, agent and judge on the tiny GGUF seed 1, the attacker on seed 2, at concurrency 1 and 4. The wall
// time includes opening the database and loading the models once per command (what a user waits for). Mechanics only:
// the tiny model's verdicts mean nothing.
// Usage: npx tsx bench/redteam.ts [--attempts 4] [--turns 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parleyInProcess } from '../tests/support/cli-in-process.js';
import { ensureTinyGguf } from '../tests/fixtures/tiny-gguf/write-tiny-gguf.js';
import { report, type Check } from './lib.js';
import { BUILT_CATEGORY_IDS } from '../src-shared/redteam/categories.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const attempts = arg('attempts', 4);
const turns = arg('turns', 3);
const root = path.resolve(import.meta.dirname, '..');
const agent = path.join(root, 'resources/example/agent.json');
const suite = path.join(root, 'resources/example/suite.json');

const [agentGguf, callerGguf] = [await ensureTinyGguf(undefined, 1), await ensureTinyGguf(undefined, 2)];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-redteam-'));
const checks: Check[] = [];
try {
  for (const concurrency of [1, 4]) {
    const t0 = performance.now();
    const r = await parleyInProcess(
      'redteam',
      '--agent',
      agent,
      '--tests',
      suite,
      '--agent-model',
      `llama-cpp:${agentGguf}`,
      '--agent-params',
      'max_tokens=32',
      '--attacker-model',
      `llama-cpp:${callerGguf}`,
      '--attacker-params',
      'max_tokens=32',
      '--attempts',
      String(attempts),
      '--max-turns',
      String(turns),
      '--concurrency',
      String(concurrency),
      '--json',
      '--db',
      path.join(dir, `c${concurrency}.db`),
    );
    const minutes = (performance.now() - t0) / 60_000;
    if (!r.stdout.trim()) throw new Error(`parley redteam failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as { categories: { attempts: number; errored: number }[] };
    const done = out.categories.reduce((n, c) => n + c.attempts + c.errored, 0);
    const errored = out.categories.reduce((n, c) => n + c.errored, 0);
    checks.push({
      name: `attempts per minute, concurrency ${concurrency} (${done} attempts, ${errored} errored)`,
      value: done / minutes,
      unit: '/min',
      target: 'measured',
      ok: errored === 0,
    });
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
report(
  `Red team on the tiny GGUF (${attempts} attempts x ${BUILT_CATEGORY_IDS.length} categories, at most ${turns} attacker turns)`,
  checks,
);
