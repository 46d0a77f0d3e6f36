// Model loads per suite (issue 5, benchmark 4): a suite whose agent, caller and judge use 2
// distinct GGUF files (tiny seed 1 and seed 2; the judge on seed 1 with other sampling params, so
// a distinct spec on the same file) loads each file's weights exactly once, counted by
// llamaCppStats().modelLoads, through the registry + loadRunModels + startRun path. Then: a second
// suite on the same registry loads nothing more, and a suite with one spec for every role (fresh
// registry) loads one model.
// Usage: npx tsx bench/model-loads.ts
import path from 'node:path';
import { loadRunModels } from '../src-main/engine/index.js';
import { llamaCppStats } from '../src-main/providers/llama-cpp/runtime.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { ensureTinyGguf } from '../tests/fixtures/tiny-gguf/write-tiny-gguf.js';
import {
  benchGraph,
  benchSuite,
  erroredResults,
  machineLoad,
  tempStore,
  timedRun,
  tinySpec,
} from './support/fixtures.js';
import { report } from './lib.js';

const [seed1, seed2] = await Promise.all([ensureTinyGguf(undefined, 1), ensureTinyGguf(undefined, 2)]);
const { store, cleanup } = tempStore();
const loadsOf = (before: number) => llamaCppStats().modelLoads - before;
const perFile = (from: number) => {
  const counts = new Map<string, number>();
  for (const l of llamaCppStats().loads.slice(from))
    counts.set(path.basename(l.path), (counts.get(path.basename(l.path)) ?? 0) + 1);
  return counts;
};

async function suite(models: Awaited<ReturnType<typeof loadRunModels>>, n = 2): Promise<void> {
  const r = await timedRun({
    store,
    models,
    graph: benchGraph(),
    suite: benchSuite(n, { maxTurns: 2 }),
    concurrency: 2,
  });
  const errors = erroredResults(r.outcome);
  if (errors.length) throw new Error(`conversations failed:\n${errors.join('\n')}`);
}

// 1. agent seed 1, caller seed 2, judge seed 1 with different params (3 specs, 2 files)
const s0 = llamaCppStats().modelLoads;
const l0 = llamaCppStats().loads.length;
const registry = createProviderRegistry();
const models = await loadRunModels(registry, {
  agent: tinySpec(seed1),
  caller: tinySpec(seed2),
  judge: tinySpec(seed1, { temperature: 0.2, seed: 7 }),
});
await suite(models);
const firstLoads = loadsOf(s0);
const files = perFile(l0);
const specs = registry.loadedCount();
// 2. the same configuration again on the same registry (e.g. the next suite of a session)
const s1 = llamaCppStats().modelLoads;
const again = await loadRunModels(registry, {
  agent: tinySpec(seed1),
  caller: tinySpec(seed2),
  judge: tinySpec(seed1, { temperature: 0.2, seed: 7 }),
});
await suite(again);
const secondLoads = loadsOf(s1);
const sameObjects = again.agent === models.agent && again.caller === models.caller && again.judge === models.judge;
await registry.close();
const afterClose = llamaCppStats().loadedModels;
// 3. one spec for every role, fresh registry
const s2 = llamaCppStats().modelLoads;
const reg2 = createProviderRegistry();
await suite(await loadRunModels(reg2, { agent: tinySpec(seed1) }));
const singleLoads = loadsOf(s2);
const singleSpecs = reg2.loadedCount();
await reg2.close();

process.stdout.write(
  `loads by file (suite 1): ${JSON.stringify(Object.fromEntries(files))}; load times: ${JSON.stringify(llamaCppStats().loads.map((l) => `${path.basename(l.path)} ${l.ms} ms`))}\n`,
);
report(`Model loads per suite, llama-cpp tiny GGUFs (${machineLoad()})`, [
  {
    name: 'suite 1 (2 files, 3 specs): weight loads',
    value: firstLoads,
    unit: '',
    target: '= 2 (one per distinct file)',
    ok: firstLoads === 2,
  },
  {
    name: 'suite 1: most loads of one file',
    value: Math.max(...files.values()),
    unit: '',
    target: '= 1',
    ok: [...files.values()].every((c) => c === 1) && files.size === 2,
  },
  {
    name: 'suite 1: ChatModels in the registry (distinct specs)',
    value: specs,
    unit: '',
    target: '= 3',
    ok: specs === 3,
  },
  {
    name: 'suite 2, same registry: extra weight loads',
    value: secondLoads,
    unit: '',
    target: '= 0',
    ok: secondLoads === 0 && sameObjects,
  },
  {
    name: 'models still loaded after registry.close()',
    value: afterClose,
    unit: '',
    target: '= 0',
    ok: afterClose === 0,
  },
  {
    name: 'suite 3 (one spec for every role): weight loads',
    value: singleLoads,
    unit: '',
    target: '= 1',
    ok: singleLoads === 1 && singleSpecs === 1,
  },
]);
cleanup();
