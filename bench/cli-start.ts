// CLI start-up cost (issue 38): CPU time (user + sys) of `parley --version` and `parley runs list` against a bare
// `node -e 0` measured in the same run, through the real bin/parley.mjs on the ahead-of-time bundle (built first
// when stale), and the sources-through-tsx path for reference. Linux: a child's CPU time is read from this
// process's /proc/self/stat (cutime + cstime of reaped children) around each batch of runs.
// Usage: npx tsx bench/cli-start.ts [--runs 10]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { report, type Check } from './lib.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin/parley.mjs');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU seconds (user + sys) of every child this process has waited for so far. */
function childrenCpu(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); cutime and cstime are fields 16 and 17
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_S;
}

/** Mean CPU seconds and wall seconds of one run of `node args`, over RUNS runs (one warm-up first). */
function measure(args: string[], env: NodeJS.ProcessEnv = process.env): { cpu: number; wall: number } {
  const run = () => {
    const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  };
  run();
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  for (let i = 0; i < RUNS; i++) run();
  return { cpu: (childrenCpu() - cpu0) / RUNS, wall: (performance.now() - t0) / 1000 / RUNS };
}

const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs'), '--strict'], {
  encoding: 'utf8',
});
if (build.status !== 0) throw new Error(`the CLI bundle did not build: ${build.stderr}`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cli-start-'));
const db = path.join(tmp, 'bench.db');
try {
  const bare = measure(['-e', '0']);
  const version = measure([BIN, '--version']);
  const runsList = measure([BIN, 'runs', 'list', '--db', db]);
  const help = measure([BIN, '--help']);
  const sourcesEnv = { ...process.env, PARLEY_FROM_SOURCES: '1' };
  const fromSources = measure([BIN, '--version'], sourcesEnv);
  const runsListFromSources = measure([BIN, 'runs', 'list', '--db', db], sourcesEnv);
  const ms = (s: number) => `${(s * 1000).toFixed(0)} ms`;
  process.stdout.write(
    `mean of ${RUNS} runs, CPU (user+sys) / wall:\n` +
      `  node -e 0                       ${ms(bare.cpu)} / ${ms(bare.wall)}\n` +
      `  parley --version                ${ms(version.cpu)} / ${ms(version.wall)}\n` +
      `  parley runs list (empty store)  ${ms(runsList.cpu)} / ${ms(runsList.wall)}\n` +
      `  parley --help (every command)   ${ms(help.cpu)} / ${ms(help.wall)}\n` +
      `  parley --version from sources   ${ms(fromSources.cpu)} / ${ms(fromSources.wall)}\n` +
      `  parley runs list from sources   ${ms(runsListFromSources.cpu)} / ${ms(runsListFromSources.wall)}\n` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}\n`,
  );
  const checks: Check[] = [
    {
      name: 'parley --version / node -e 0 (CPU)',
      value: version.cpu / bare.cpu,
      unit: 'x',
      target: '<= 4',
      ok: version.cpu / bare.cpu <= 4,
    },
    { name: 'parley runs list (CPU)', value: runsList.cpu, unit: 's', target: '<= 0.8', ok: runsList.cpu <= 0.8 },
    {
      name: 'parley --version from sources through tsx / node -e 0 (CPU)',
      value: fromSources.cpu / bare.cpu,
      unit: 'x',
      target: 'reported',
      ok: true,
    },
    {
      name: 'parley runs list from sources through tsx (CPU)',
      value: runsListFromSources.cpu,
      unit: 's',
      target: 'reported',
      ok: true,
    },
  ];
  report('CLI start-up', checks);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
