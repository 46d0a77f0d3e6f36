// Structured-output validity (issue 5, benchmark 5): the share of structured calls whose output
// parses and fits the schema the first time (parsedFirstTry: no model-free fix, no repair retry)
// across whole suites - routing, extraction, caller, judge (combined, and two-step with facts) -
// on llama-cpp (tiny GGUFs in process, threads 1) and on Ollama through the Ollama-protocol test
// server (tests/servers/ollama-server.ts, real node-llama-cpp inference on the same tiny GGUFs).
// Agent and judge on seed 1, caller on seed 2 (a separate Ollama server for Ollama). Target 100%.
// The tiny GGUFs here declare an 8,192-token trained context, like the small real models users
// run (the default test GGUF declares 2,048): the judge reads the whole transcript plus its rubric,
// which does not fit 2-4k tokens after 10 caller turns. `--context 2048` shows what a small
// context does (judge calls refused as context overflows, before generating).
// Usage: npx tsx bench/structured-validity.ts [--conversations 6] [--turns 10] [--ollama-turns 10] [--context 8192]
import { parseModelSpec } from '../src-shared/schemas/index.js';
import { loadRunModels } from '../src-main/engine/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { parseStructured } from '../src-main/providers/shared/structured.js';
import { ensureTinyGguf } from '../tests/fixtures/tiny-gguf/write-tiny-gguf.js';
import { startOllamaServer } from '../tests/servers/ollama-server.js';
import { closeTinyBackends } from '../tests/servers/tiny-backend.js';
import { CallLog, instrument, type CallRecord } from './support/instrument.js';
import { benchGraph, benchSuite, erroredResults, machineLoad, tempStore, timedRun } from './support/fixtures.js';
import { loadBenchModels } from './support/llama-models.js';
import { report, type Check } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = arg('--conversations', 6);
const loadBefore = machineLoad();
const TURNS = arg('--turns', 10);
const OLLAMA_TURNS = arg('--ollama-turns', 10);
const CONTEXT = arg('--context', 8192);

async function runSuite(
  models: Parameters<typeof timedRun>[0]['models'],
  log: CallLog,
  turns: number,
): Promise<{ calls: CallRecord[]; turns: number; errors: string[] }> {
  const { store, cleanup } = tempStore();
  try {
    log.reset();
    const r = await timedRun({
      store,
      models,
      graph: benchGraph(),
      suite: benchSuite(N, { maxTurns: turns, twoStepEvery: 2 }),
      concurrency: 4,
    });
    return {
      calls: log.calls.filter((c) => c.kind === 'structured'),
      turns: r.turns,
      errors: erroredResults(r.outcome),
    };
  } finally {
    cleanup();
  }
}

const files = await Promise.all([1, 2].map((seed) => ensureTinyGguf(undefined, seed, { contextLength: CONTEXT })));

// llama-cpp in process
const bm = await loadBenchModels({ files, params: { context_size: CONTEXT } });
const llama = await runSuite(bm.models, bm.log, TURNS);
await bm.registry.close();

// Ollama protocol, backed by node-llama-cpp on the same files
const [seed1, seed2] = files;
const agentServer = await startOllamaServer({ models: ['tiny:latest'], modelPath: seed1 });
const callerServer = await startOllamaServer({ models: ['tiny-caller:latest'], modelPath: seed2 });
const registry = createProviderRegistry();
const raw = await loadRunModels(registry, {
  agent: parseModelSpec(`ollama:tiny@${agentServer.url}`),
  caller: parseModelSpec(`ollama:tiny-caller@${callerServer.url}`),
});
const olog = new CallLog();
const oagent = instrument(raw.agent, olog, 'ollama tiny');
const ollama = await runSuite(
  { agent: oagent, caller: instrument(raw.caller, olog, 'ollama tiny-caller'), judge: oagent },
  olog,
  OLLAMA_TURNS,
);
await registry.close();
await agentServer.stop();
await callerServer.stop();
await closeTinyBackends();

const purposeOf = (c: CallRecord) => c.label.split(':')[1] ?? c.label;
const checks: Check[] = [];
for (const [name, r] of [
  ['llama-cpp', llama],
  ['Ollama (test server)', ollama],
] as const) {
  const byPurpose = new Map<string, { n: number; ok: number }>();
  for (const c of r.calls) {
    const p = byPurpose.get(purposeOf(c)) ?? { n: 0, ok: 0 };
    p.n++;
    if (c.parsedFirstTry) p.ok++;
    byPurpose.set(purposeOf(c), p);
  }
  const total = r.calls.length;
  const ok = r.calls.filter((c) => c.parsedFirstTry).length;
  process.stdout.write(
    `\n${name}: ${N} conversations, ${r.turns} caller turns, ${total} structured calls; first try by purpose: ${[...byPurpose].map(([p, v]) => `${p} ${v.ok}/${v.n}`).join(', ')}\n`,
  );
  for (const e of r.errors) process.stdout.write(`  conversation error: ${e}\n`);
  // why the others were not first-try: the fixes or the failure
  const why = new Map<string, number>();
  for (const c of r.calls.filter((x) => !x.parsedFirstTry)) {
    let reason = c.failed ? `failed: ${c.failed.slice(0, 160)}` : 'repair retry';
    if (!c.failed && c.raw !== undefined && c.schema) {
      const p = parseStructured(c.raw, c.schema);
      reason = p.ok
        ? p.fixes.length
          ? `${purposeOf(c)}: fixed ${p.fixes.map((f) => `${f.path} ${f.message}`).join('; ')}`
          : `${purposeOf(c)}: repair retry`
        : `${purposeOf(c)}: repair retry after ${p.error.slice(0, 120)}`;
    }
    reason = reason.replace(/\d{4,}/g, 'N');
    why.set(reason, (why.get(reason) ?? 0) + 1);
  }
  for (const [k, v] of why) process.stdout.write(`  not first try x${v}: ${k}\n`);
  for (const [p, v] of byPurpose)
    checks.push({
      name: `${name}: ${p}`,
      value: (100 * v.ok) / v.n,
      unit: `% of ${v.n}`,
      target: 'reported',
      ok: true,
    });
  checks.push({
    name: `${name}: all structured calls (${ok}/${total})`,
    value: (100 * ok) / Math.max(1, total),
    unit: '%',
    target: '= 100%',
    ok: total > 0 && ok === total && r.errors.length === 0,
  });
}
report(
  `Structured-output validity, tiny GGUFs with ${CONTEXT}-token contexts (${loadBefore} before, ${machineLoad()} after)`,
  checks,
);
