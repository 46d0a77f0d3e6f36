// Parley against a real llama.cpp server (issue 15): per role, prompt tokens sent, evaluated by the
// server, served from its prompt cache, generated; calls per conversation. The counts are the
// server's own (timings.prompt_n / cache_n / predicted_n of every response, read by a loopback proxy
// that also tells the roles apart by their system prompts; /metrics totals as a cross-check).
// Bench-only (never in npm test or CI): builds llama-server once into ~/.cache/parley-bench.
// A cold server per run: llama-server --parallel 4 -t 1, each slot 8,192 tokens.
// Usage: npx tsx bench/peers/llama-server.ts [--conversations 8] [--scenario one-node|multi-node|both] [--concurrency 1,4]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchGraph, benchSuite } from '../support/fixtures.js';
import { occupancy, serverTotals, startCountingProxy, parleyRole, type CountedCall } from './support/counting-proxy.js';
import { startLlamaServer } from './support/llama-server-process.js';
import { runParley } from './support/run-parley.js';
import { writeParleyScenario } from './support/scenario.js';

const argOf = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const N = Number(argOf('--conversations', '8'));
const SCENARIOS = argOf('--scenario', 'both') === 'both' ? ['one-node', 'multi-node'] : [argOf('--scenario', 'both')];
const CONCURRENCY = argOf('--concurrency', '1,4').split(',').map(Number);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-peers-'));

function scenarioFiles(name: string): { agent: string; suite: string } {
  if (name === 'one-node') return writeParleyScenario(path.join(work, name), N);
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  const files = { agent: path.join(dir, 'agent.json'), suite: path.join(dir, 'suite.json') };
  fs.writeFileSync(files.agent, JSON.stringify(benchGraph()));
  fs.writeFileSync(files.suite, JSON.stringify(benchSuite(N, { maxTurns: 4 })));
  return files;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The server's own time for these calls per conversation (timings.prompt_ms + predicted_ms) and its time per generated token. */
function serverMs(cs: CountedCall[], conversations: number): string {
  const { promptMs: p, genMs: g, generated: n } = serverTotals(cs);
  return `${(p / conversations).toFixed(0)} + ${(g / conversations).toFixed(0)} (${n ? (g / n).toFixed(2) : '-'})`;
}

function roleTable(calls: CountedCall[], conversations: number): string {
  const roles = [...new Set(calls.map((c) => c.role))].sort();
  const rows = roles.map((role) => {
    const cs = calls.filter((c) => c.role === role);
    const evaluated = sum(cs.map((c) => c.evaluated));
    const cached = sum(cs.map((c) => c.cached));
    const sent = evaluated + cached;
    return `| ${role} | ${cs.length} | ${(cs.length / conversations).toFixed(2)} | ${(sent / conversations).toFixed(0)} | ${(evaluated / conversations).toFixed(0)} | ${(cached / conversations).toFixed(0)} | ${sent ? ((100 * cached) / sent).toFixed(0) : '-'}% | ${(sum(cs.map((c) => c.generated)) / conversations).toFixed(0)} | ${serverMs(cs, conversations)} |`;
  });
  const ev = sum(calls.map((c) => c.evaluated));
  const ca = sum(calls.map((c) => c.cached));
  rows.push(
    `| **all** | ${calls.length} | ${(calls.length / conversations).toFixed(2)} | ${((ev + ca) / conversations).toFixed(0)} | ${(ev / conversations).toFixed(0)} | ${(ca / conversations).toFixed(0)} | ${ev + ca ? ((100 * ca) / (ev + ca)).toFixed(0) : '-'}% | ${(sum(calls.map((c) => c.generated)) / conversations).toFixed(0)} | ${serverMs(calls, conversations)} |`,
  );
  return (
    '| role | calls | calls / conversation | prompt tokens sent / conv | evaluated / conv | from cache / conv | cached | generated / conv | server ms / conv: prompt + generation (ms / generated token) |\n|---|---|---|---|---|---|---|---|---|\n' +
    rows.join('\n')
  );
}

for (const scenario of SCENARIOS) {
  const files = scenarioFiles(scenario);
  for (const c of CONCURRENCY) {
    const server = await startLlamaServer({ parallel: 4, threads: 1 });
    const proxy = await startCountingProxy(server.url, parleyRole);
    const netLog = path.join(work, `net-${scenario}-${c}.log`);
    fs.writeFileSync(netLog, '');
    const run = await runParley({
      ...files,
      baseUrl: `${proxy.url}/v1`,
      concurrency: c,
      db: path.join(work, `${scenario}-${c}.db`),
      netLog,
    });
    const metrics = await server.metrics();
    if (process.env.PARLEY_BENCH_KEEP)
      fs.writeFileSync(path.join(work, `calls-${scenario}-${c}.json`), JSON.stringify(proxy.calls, null, 1));
    await proxy.stop();
    await server.stop();
    if (run.code !== 0 && run.code !== 1)
      throw new Error(`parley run exited ${run.code}:\n${run.stderr.slice(-2000)}\n${run.stdout.slice(-2000)}`);
    const report = JSON.parse(run.stdout) as { results?: { status: string; turns: number }[] };
    const results = report.results ?? [];
    const outside = fs.readFileSync(netLog, 'utf8').split('\n').filter(Boolean).length;
    process.stdout.write(
      `\n### ${scenario}, concurrency ${c}: ${results.length} conversations, ${sum(results.map((r) => r.turns))} caller turns, ${(run.wallMs / 1000).toFixed(1)} s wall, ${outside} outside connections\n\n` +
        roleTable(proxy.calls, results.length || N) +
        `\n\nServer occupancy (from the proxy's request times): ${occupancy(proxy.calls, c)}` +
        `\n\n/metrics: prompt_tokens_total ${metrics.prompt_tokens_total ?? '?'}, tokens_predicted_total ${metrics.tokens_predicted_total ?? '?'}, n_decode_total ${metrics.n_decode_total ?? '?'}; statuses ${JSON.stringify(results.reduce<Record<string, number>>((a, r) => ({ ...a, [r.status]: (a[r.status] ?? 0) + 1 }), {}))}\n`,
    );
  }
}
if (process.env.PARLEY_BENCH_KEEP) process.stderr.write(`kept ${work}\n`);
else fs.rmSync(work, { recursive: true, force: true });
