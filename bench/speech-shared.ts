// Voice (issue 27): what sharing identical round trips in flight buys on a first pass (empty speech cache).
// The bundled example suite (resources/example, scripted model: instant replies) is run as text, repeated so
// conversations repeat each other as a real run's do (the same static greeting, the same scripted caller);
// the opening agent turns of every conversation are then audio-evaluated all at once with the default pair
// (flite rms -> pocketsphinx), a fresh cache each time, twice: sharing off (every round trip made, as before)
// and on. Counted: the engines' calls (through a counting registry) and CPU seconds (this process + the engine
// processes, from /proc: Linux only). Each pass starts with no recogniser alive, so both pay the same start.
// Usage: npx tsx bench/speech-shared.ts [--conversations 6] [--turns 2] [--repeats 2]
import { performance } from 'node:perf_hooks';
import type { Result, TranscriptTurn } from '../src-shared/schemas/index.js';
import { hearAgentTurns } from '../src-main/engine/run/audio-eval.js';
import { loadRunSpeech } from '../src-main/engine/run/run-speech.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { closeRecognisers, createSpeechRegistry, type SpeechRegistry } from '../src-main/speech/index.js';
import type { Store } from '../src-main/store/index.js';
import { cpuNow, cpuSince, cpuTotal } from './support/cpu.js';
import { machineLoad, tempStore } from './support/fixtures.js';
import { example, exampleRun } from './support/example-run.js';

const arg = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const CONVERSATIONS = Number(arg('--conversations', '6'));
const TURNS = Number(arg('--turns', '2'));
const REPEATS = Number(arg('--repeats', '2'));
const say = (line: string) => process.stdout.write(`${line}\n`);

/** The real engines, counting their calls. */
function countingRegistry(): { registry: SpeechRegistry; calls: { tts: number; stt: number } } {
  const real = createSpeechRegistry();
  const calls = { tts: 0, stt: 0 };
  const registry: SpeechRegistry = {
    ...real,
    tts(spec) {
      const e = real.tts(spec);
      return { spec: e.spec, identity: () => e.identity(), tts: (t, v, o) => (calls.tts++, e.tts(t, v, o)) };
    },
    stt(spec) {
      const e = real.stt(spec);
      return { spec: e.spec, identity: () => e.identity(), stt: (a, o) => (calls.stt++, e.stt(a, o)) };
    },
  };
  return { registry, calls };
}

async function scriptedExampleRun(store: Store): Promise<Result[]> {
  const registry = createProviderRegistry();
  try {
    const model = await registry.load({ provider: 'scripted', model: example('scripted-model.json'), params: {} });
    return await exampleRun(store, model, REPEATS);
  } finally {
    await registry.close();
  }
}

/** A conversation up to its `n`-th agent turn. */
function opening(transcript: TranscriptTurn[], n: number): TranscriptTurn[] {
  let agentTurns = 0;
  const end = transcript.findIndex((t) => t.role === 'agent' && ++agentTurns === n);
  return end < 0 ? transcript : transcript.slice(0, end + 1);
}

/** Every conversation's opening turns heard at once, empty cache; engine calls, CPU and wall time. */
async function firstPass(results: Result[], store: Store, share: boolean) {
  store.speechCache.clear();
  closeRecognisers();
  const { registry, calls } = countingRegistry();
  const speech = loadRunSpeech({ audio_eval: true }, registry, { cache: store.speechCache, share })!;
  const c0 = cpuNow();
  const t0 = performance.now();
  const heard = await Promise.all(
    results.map((r) =>
      hearAgentTurns(speech, opening(r.transcript, TURNS), { seedKey: `0:${r.test}:${r.repeat}`, owner: r.id }),
    ),
  );
  const wall = performance.now() - t0;
  const cpu = cpuSince(c0);
  const failed = heard.reduce((n, h) => n + h.errors.length, 0);
  const texts = heard.map((h) => h.transcript.filter((t) => t.role === 'agent').map((t) => t.heard));
  return { calls, cpu, wall, failed, texts, ...speech.lines.stats() };
}

const loadBefore = machineLoad();
const { store, cleanup } = tempStore('parley-bench-speech-shared-');
try {
  const results = (await scriptedExampleRun(store)).slice(0, CONVERSATIONS);
  const turns = results.reduce((n, r) => n + opening(r.transcript, TURNS).filter((t) => t.role === 'agent').length, 0);
  say(
    `the example suite x ${REPEATS} repeats: ${results.length} conversations, their first ${TURNS} agent turns (${turns} round trips), heard all at once, empty cache`,
  );
  const passes = [];
  for (const share of [false, true]) {
    const p = await firstPass(results, store, share);
    passes.push(p);
    say(
      `  sharing ${share ? 'on ' : 'off'}: ${p.calls.tts} syntheses + ${p.calls.stt} recognitions; ${p.misses} made, ${p.shared} shared; ${(cpuTotal(p.cpu) / 1000).toFixed(1)} s CPU (${(p.cpu.children / 1000).toFixed(1)} s in the engines), ${(p.wall / 1000).toFixed(1)} s wall${p.failed ? `, ${p.failed} failed` : ''}; ${machineLoad()}`,
    );
  }
  const same = JSON.stringify(passes[0].texts) === JSON.stringify(passes[1].texts);
  say(`  heard texts the same both ways: ${same ? 'yes' : 'NO'}`);
  say(`  on / off CPU: ${((100 * cpuTotal(passes[1].cpu)) / Math.max(1, cpuTotal(passes[0].cpu))).toFixed(0)}%`);
} finally {
  closeRecognisers();
  cleanup();
}
say(`machine: ${loadBefore} before, ${machineLoad()} after`);
