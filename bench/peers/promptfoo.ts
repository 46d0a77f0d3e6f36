// Parley and promptfoo side by side on one llama-server (issue 15, section 2). Bench-only.
//   Same server (llama-server --parallel 4 -t 1, a cold one per tool run), same random-weight model with an
//   8,192-token context, same one-node agent (its prompt token-identical in both tools), 8 callers with a
//   goal, 4 caller turns, one rubric metric, concurrency 1 and 4, tools alternating.
//   promptfoo (pinned, installed by this script into ~/.cache/parley-bench, never a project dependency)
//   runs its simulated user (promptfoo:simulated-user); PROMPTFOO_REMOTE_GENERATION_URL points at a loopback
//   stand-in that asks the same llama-server to play the caller with Parley's exact caller request.
//   Both tools run under bench/peers/support/net-guard.cjs: every non-loopback connection is refused and logged.
// Usage: npx tsx bench/peers/promptfoo.ts [--runs 2] [--concurrency 1,4]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchCacheDir } from './build-llama-server.js';
import { startCallerStandIn } from './support/caller-stand-in.js';
import {
  occupancy,
  serverTotals,
  startCountingProxy,
  parleyRole,
  type Classifier,
  type CountedCall,
} from './support/counting-proxy.js';
import { startLlamaServer } from './support/llama-server-process.js';
import { guarded, runParley, type ToolRun } from './support/run-parley.js';
import { AGENT_INSTRUCTION, METRIC, TURNS, scenarioCallers, writeParleyScenario } from './support/scenario.js';

export const PROMPTFOO_VERSION = '0.123.1';
const argOf = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const RUNS = Number(argOf('--runs', '2'));
const CONCURRENCY = argOf('--concurrency', '1,4').split(',').map(Number);
const N = 8;

/** promptfoo's CLI entry, installed once into the bench cache from the npm registry. */
function ensurePromptfoo(): string {
  const dir = path.join(benchCacheDir(), `promptfoo-${PROMPTFOO_VERSION}`);
  const main = path.join(dir, 'node_modules', 'promptfoo', 'dist', 'src', 'main.js');
  if (fs.existsSync(main)) return main;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"parley-bench-promptfoo","private":true}');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `promptfoo@${PROMPTFOO_VERSION}`], {
    cwd: dir,
    stdio: 'inherit',
  });
  return main;
}

const promptfooRole: Classifier = (first, body) =>
  first.startsWith('You are grading output') ? 'judge' : parleyRole(first, body);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-vs-promptfoo-'));
const files = writeParleyScenario(path.join(work, 'parley'), N);
const promptfooMain = ensurePromptfoo();
/** Parley's request settings per role, read from its first run (the stand-in and promptfoo copy them). */
let parleySettings: Map<string, Record<string, unknown>> | undefined;

function promptfooConfig(baseUrl: string): string {
  const pick = (role: string, key: string) => parleySettings?.get(role)?.[key];
  const target = {
    id: 'openai:chat:tiny',
    config: {
      apiBaseUrl: baseUrl,
      apiKey: 'local',
      max_tokens: pick('agent', 'max_tokens') ?? 256,
      ...(pick('agent', 'temperature') !== undefined ? { temperature: pick('agent', 'temperature') } : {}),
    },
  };
  const grader = {
    id: 'openai:chat:tiny',
    config: { apiBaseUrl: baseUrl, apiKey: 'local', max_tokens: pick('judge', 'max_tokens') ?? 192, temperature: 0 },
  };
  const config = {
    description: 'parley peers: one-node billing agent, simulated callers',
    prompts: [AGENT_INSTRUCTION],
    providers: [target],
    defaultTest: {
      provider: { id: 'promptfoo:simulated-user', config: { maxTurns: TURNS } },
      options: { provider: grader },
      assert: [{ type: 'llm-rubric', value: METRIC }],
    },
    tests: scenarioCallers(N).map((c) => ({ description: c.name, vars: { instructions: c.system } })),
  };
  const file = path.join(work, 'promptfooconfig.yaml');
  fs.writeFileSync(file, JSON.stringify(config, null, 2)); // JSON is YAML
  return file;
}

interface Cell {
  tool: 'parley' | 'promptfoo';
  concurrency: number;
  run: number;
  wallMs: number;
  calls: CountedCall[];
  outside: number;
  outsideTargets: string[];
  ok: string;
}

const cells: Cell[] = [];

/** The server's own time for a run's calls: reading prompts and generating, and per token of each. */
function serverTime(calls: CountedCall[]): string {
  const { promptMs: pm, genMs: gm, evaluated: pn, generated: gn } = serverTotals(calls);
  return `prompts ${(pm / 1000).toFixed(1)} s (${(pm / Math.max(1, pn)).toFixed(2)} ms/token), generation ${(gm / 1000).toFixed(1)} s (${(gm / Math.max(1, gn)).toFixed(2)} ms/token)`;
}

async function once(tool: Cell['tool'], concurrency: number, run: number): Promise<void> {
  const server = await startLlamaServer({ parallel: 4, threads: 1 });
  const proxy = await startCountingProxy(server.url, tool === 'parley' ? parleyRole : promptfooRole);
  const netLog = path.join(work, `net-${tool}-${concurrency}-${run}.log`);
  fs.writeFileSync(netLog, '');
  let r: ToolRun;
  let ok: string;
  const standIn =
    tool === 'promptfoo'
      ? await startCallerStandIn({
          baseUrl: `${proxy.url}/v1`,
          model: 'tiny',
          settings: {
            response_format: parleySettings?.get('caller')?.response_format,
            max_tokens: parleySettings?.get('caller')?.max_tokens as number | undefined,
            temperature: parleySettings?.get('caller')?.temperature as number | undefined,
          },
        })
      : undefined;
  try {
    if (tool === 'parley') {
      r = await runParley({
        ...files,
        baseUrl: `${proxy.url}/v1`,
        concurrency,
        db: path.join(work, `parley-${concurrency}-${run}.db`),
        netLog,
      });
      if (r.code > 1) throw new Error(`parley exited ${r.code}: ${r.stderr.slice(-1500)}`);
      const rep = JSON.parse(r.stdout) as { passed: number; failed: number; errored: number };
      ok = `${rep.passed} passed, ${rep.failed} failed, ${rep.errored} errored`;
      parleySettings ??= proxy.samples;
    } else {
      const out = path.join(work, `promptfoo-${concurrency}-${run}.json`);
      r = await guarded(
        process.execPath,
        [
          promptfooMain,
          'eval',
          '-c',
          promptfooConfig(`${proxy.url}/v1`),
          '--no-cache',
          '--no-table',
          '--no-progress-bar',
          '--max-concurrency',
          String(concurrency),
          '-o',
          out,
        ],
        netLog,
        {
          PROMPTFOO_CONFIG_DIR: path.join(work, 'promptfoo-home'),
          PROMPTFOO_REMOTE_GENERATION_URL: standIn!.url,
        },
      );
      if (!fs.existsSync(out)) throw new Error(`promptfoo wrote no results (exit ${r.code}): ${r.stderr.slice(-1500)}`);
      const stats = (JSON.parse(fs.readFileSync(out, 'utf8')) as { results: { stats: Record<string, number> } }).results
        .stats;
      ok = `${stats.successes} passed, ${stats.failures} failed, ${stats.errors} errored`;
    }
  } finally {
    await standIn?.stop();
    await proxy.stop();
    await server.stop();
  }
  const lines = fs
    .readFileSync(netLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { target: string });
  cells.push({
    tool,
    concurrency,
    run,
    wallMs: r.wallMs,
    calls: proxy.calls,
    outside: lines.length,
    outsideTargets: [...new Set(lines.map((l) => l.target))],
    ok,
  });
  process.stderr.write(
    `${tool} c=${concurrency} run ${run}: ${(r.wallMs / 1000).toFixed(1)} s, ${proxy.calls.length} calls, ${ok}; server occupancy: ${occupancy(proxy.calls, concurrency)}; server time: ${serverTime(proxy.calls)}\n`,
  );
}

// Parley first once (its request settings are copied for promptfoo's caller and agent), then alternating
for (let run = 1; run <= RUNS; run++)
  for (const c of CONCURRENCY) {
    const order: Cell['tool'][] = run % 2 ? ['parley', 'promptfoo'] : ['promptfoo', 'parley'];
    for (const tool of order) await once(tool, c, run);
  }

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
function fig(tool: Cell['tool'], c: number) {
  const cs = cells.filter((x) => x.tool === tool && x.concurrency === c);
  const per = (f: (k: CountedCall) => number, role?: string) =>
    mean(cs.map((x) => sum(x.calls.filter((k) => !role || k.role === role).map(f)) / N));
  return {
    wall: mean(cs.map((x) => x.wallMs)) / 1000,
    // conversation calls; the pre-run check (one 1-token call per run) is shown apart
    calls: mean(cs.map((x) => x.calls.filter((k) => k.role !== 'pre-run check').length / N)),
    checks: mean(cs.map((x) => x.calls.filter((k) => k.role === 'pre-run check').length)),
    evaluated: per((k) => k.evaluated),
    cached: per((k) => k.cached),
    generated: per((k) => k.generated),
    judgeEval: per((k) => k.evaluated, 'judge'),
    judgeGen: per((k) => k.generated, 'judge'),
    outside: mean(cs.map((x) => x.outside)),
    targets: [...new Set(cs.flatMap((x) => x.outsideTargets))],
    ok: cs.map((x) => x.ok).join('; '),
  };
}
const f2 = (x: number) => x.toFixed(2);
let out = `\n### Parley vs promptfoo ${PROMPTFOO_VERSION} on llama-server (${N} conversations x ${TURNS} caller turns, ${RUNS} run(s) per cell)\n\n`;
out +=
  '| tool | concurrency | wall s | calls / conv | prompt evaluated / conv | from cache / conv | generated / conv | judge evaluated / conv | judge generated / conv | outside connections / run | verdicts |\n|---|---|---|---|---|---|---|---|---|---|---|\n';
for (const c of CONCURRENCY)
  for (const tool of ['parley', 'promptfoo'] as const) {
    const f = fig(tool, c);
    out += `| ${tool} | ${c} | ${f2(f.wall)} | ${f2(f.calls)}${f.checks ? ` (+${f.checks} pre-run check per run)` : ''} | ${f.evaluated.toFixed(0)} | ${f.cached.toFixed(0)} | ${f.generated.toFixed(0)} | ${f.judgeEval.toFixed(0)} | ${f.judgeGen.toFixed(0)} | ${f.outside.toFixed(1)}${f.targets.length ? ` (${f.targets.join(', ')})` : ''} | ${f.ok} |\n`;
  }
if (CONCURRENCY.includes(1) && CONCURRENCY.includes(4)) {
  const p1 = fig('parley', 1);
  const p4 = fig('parley', 4);
  const q1 = fig('promptfoo', 1);
  const q4 = fig('promptfoo', 4);
  out += `\n| ratio Parley / promptfoo | value | target |\n|---|---|---|\n`;
  out += `| wall time, concurrency 1 | ${f2(p1.wall / q1.wall)} | |\n| wall time, concurrency 4 | ${f2(p4.wall / q4.wall)} | |\n`;
  out += `| calls per conversation | ${f2(p1.calls / q1.calls)} | <= 1 |\n`;
  out += `| prompt tokens evaluated, concurrency 1 | ${f2(p1.evaluated / q1.evaluated)} | <= 0.5 |\n| prompt tokens evaluated, concurrency 4 | ${f2(p4.evaluated / q4.evaluated)} | <= 0.5 |\n`;
  out += `| generated tokens, concurrency 1 | ${f2(p1.generated / q1.generated)} | |\n`;
  out += `| 4-way speedup: Parley ${f2(p1.wall / p4.wall)}x, promptfoo ${f2(q1.wall / q4.wall)}x | | Parley >= 1.5x |\n`;
  out += `| outside connections per run: Parley ${p1.outside.toFixed(1)}, promptfoo ${q1.outside.toFixed(1)} | | Parley 0 |\n`;
}
process.stdout.write(out);
fs.rmSync(work, { recursive: true, force: true });
