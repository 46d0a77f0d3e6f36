// Voice (issue 27): what the default offline pair (flite voice rms -> 16 kHz -> pocketsphinx) costs and hears
// on this machine, through Parley's own engines (src-main/speech/), and what the speech pool and the round-trip
// cache buy on the bundled example suite (resources/example, scripted model: instant replies and judgements).
//   (a) CPU per spoken sentence (flite) and per recognised sentence (pocketsphinx_batch, long-lived), over the
//       20 evaluation sentences (tests/fixtures/speech/eval-sentences.json);
//   (b) normalised word error rate of the pair on those sentences;
//   (c) speech cache hit rate: the example suite's run audio-evaluated twice, cache in the run's database
//       (identical round trips in flight are shared: bench/speech-shared.ts measures that alone);
//   (d) wall time (and CPU) of audio-evaluating N conversations (the example suite x repeats) at 1 and 2 speech
//       workers, no cache, all conversations queued at once.
// CPU time is read from /proc (this process + its children, reaped or alive), so it is Linux-only; it is what to
// compare on a shared machine. Wall time is printed with the load average before and after.
// Another engine pair for (a) and (b) (the word error rate of a pair on the evaluation sentences; the rest uses
// the default pair): --tts <spec> --stt <spec>; --sentences-only stops after (b).
// Usage: npx tsx bench/speech.ts [--conversations 20] [--workers 1,2] [--tts flite --stt pocketsphinx] [--sentences-only]
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Result } from '../src-shared/schemas/index.js';
import { wordErrors } from '../src-shared/speech/word-errors.js';
import { ModelCalls } from '../src-main/engine/index.js';
import { evaluateAudio } from '../src-main/engine/run/audio-eval.js';
import { loadRunSpeech } from '../src-main/engine/run/run-speech.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import type { ChatModel } from '../src-main/providers/types.js';
import { closeRecognisers, createSpeechRegistry, speechPool, type RoundTripCache } from '../src-main/speech/index.js';
import { cpuNow, cpuSince, cpuTotal as total } from './support/cpu.js';
import { machineLoad, tempStore } from './support/fixtures.js';
import { example, exampleRun, readJson } from './support/example-run.js';

const arg = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const CONVERSATIONS = Number(arg('--conversations', '20'));
const WORKERS = arg('--workers', '1,2').split(',').map(Number);
const TTS = arg('--tts', 'flite');
const STT = arg('--stt', 'pocketsphinx');
const root = path.resolve(import.meta.dirname, '..');

const say = (line: string) => process.stdout.write(`${line}\n`);
const ms = (x: number) => `${Math.round(x)} ms`;

// ---- (a) and (b): the evaluation sentences through the pair (default flite and pocketsphinx) ----

async function sentences(): Promise<void> {
  const set = readJson(path.join(root, 'tests/fixtures/speech/eval-sentences.json')) as {
    sentences: { id: string; text: string }[];
  };
  const reg = createSpeechRegistry();
  const tts = reg.tts(TTS);
  const stt = reg.stt(STT);
  const voice = reg.voices(TTS)[0];
  const audio: Buffer[] = [];
  let c0 = cpuNow();
  for (const s of set.sentences) audio.push((await tts.tts(s.text, voice)).audio);
  const ttsCpu = cpuSince(c0);
  const n = set.sentences.length;
  // the first recognition starts the recogniser and loads its language model; the others reuse it
  c0 = cpuNow();
  const first = await stt.stt(audio[0]);
  const firstCpu = cpuSince(c0);
  c0 = cpuNow();
  const heard = [first.text];
  for (const a of audio.slice(1)) heard.push((await stt.stt(a)).text);
  const sttCpu = cpuSince(c0);
  let words = 0;
  let errors = 0;
  set.sentences.forEach((s, i) => {
    const e = wordErrors(s.text, heard[i]);
    words += e.words;
    errors += e.errors;
  });
  const audioS = audio.reduce((t, a) => t + (a.length - 44) / 32_000, 0);
  say(`\n(a) ${n} evaluation sentences (${audioS.toFixed(1)} s of audio, voice ${voice})`);
  say(
    `  ${TTS}, per spoken sentence: ${ms(ttsCpu.children / n)} CPU in the engine + ${ms(ttsCpu.self / n)} CPU in Parley (WAV reading/conversion)`,
  );
  say(`  ${STT}, first sentence: ${ms(total(firstCpu))} CPU (recogniser start + language model load included)`);
  say(
    `  ${STT}, per recognised sentence: ${ms(sttCpu.children / (n - 1))} CPU in the engine + ${ms(sttCpu.self / (n - 1))} CPU in Parley (next ${n - 1}, long-lived recogniser)`,
  );
  say(
    `(b) normalised word error rate, ${TTS}${voice ? ` (${voice})` : ''} -> ${STT}: ${((100 * errors) / words).toFixed(1)}% (${errors} errors / ${words} words)`,
  );
  if ('close' in stt && typeof stt.close === 'function') stt.close();
}

// ---- the example suite on the scripted model ----

/** Audio-evaluates every result at once (each its own owner in the speech pool); wall and CPU time, counts. */
async function audioEvaluate(results: Result[], judge: ChatModel, cache: RoundTripCache | undefined) {
  const speech = loadRunSpeech({ audio_eval: true }, createSpeechRegistry(), cache ? { cache } : {})!;
  const c0 = cpuNow();
  const t0 = performance.now();
  let failed = 0;
  await Promise.all(
    results.map(async (r) => {
      const calls = new ModelCalls({ agent: judge, caller: judge, judge });
      const o = await evaluateAudio(speech, r, { calls });
      if (o.audio_error) failed++;
      await calls.disposeAll();
    }),
  );
  const wall = performance.now() - t0;
  const cpu = cpuSince(c0);
  if ('close' in speech.stt && typeof speech.stt.close === 'function') speech.stt.close();
  const turns = results.reduce((n, r) => n + r.transcript.filter((t) => t.role === 'agent').length, 0);
  return { wall, cpu, failed, turns, ...speech.lines.stats() };
}

async function suiteFigures(): Promise<void> {
  const { store, cleanup } = tempStore('parley-bench-speech-');
  const registry = createProviderRegistry();
  try {
    const model = await registry.load({ provider: 'scripted', model: example('scripted-model.json'), params: {} });
    // (c) the example suite's run, audio-evaluated twice with the store's cache
    const once = await exampleRun(store, model, 1);
    const first = await audioEvaluate(once, model, store.speechCache);
    const second = await audioEvaluate(once, model, store.speechCache);
    say(
      `\n(c) the example suite (${once.length} conversations, ${first.turns} agent turns), audio-evaluated twice, cache in the database`,
    );
    for (const [name, p] of [
      ['first', first],
      ['second', second],
    ] as const)
      say(
        `  ${name} evaluation: ${p.hits} hits + ${p.shared} shared in flight / ${p.hits + p.shared + p.misses} round trips (${((100 * p.hits) / Math.max(1, p.hits + p.shared + p.misses)).toFixed(0)}% from the cache), ${ms(total(p.cpu))} CPU, ${ms(p.wall)} wall${p.failed ? `, ${p.failed} failed` : ''}`,
      );
    say(`  second / first CPU: ${((100 * total(second.cpu)) / Math.max(1, total(first.cpu))).toFixed(1)}%`);
    // (d) N conversations at 1 and 2 speech workers, no cache
    const repeats = Math.max(1, Math.ceil(CONVERSATIONS / once.length));
    const many = (await exampleRun(store, model, repeats)).slice(0, CONVERSATIONS);
    say(`\n(d) audio evaluation of ${many.length} conversations at once, no cache`);
    for (const w of WORKERS) {
      speechPool().resize(w);
      const p = await audioEvaluate(many, model, undefined);
      say(
        `  ${w} speech worker${w === 1 ? ' ' : 's'}: ${(p.wall / 1000).toFixed(1)} s wall, ${(total(p.cpu) / 1000).toFixed(1)} s CPU (${(p.cpu.children / 1000).toFixed(1)} s in the engines), ${p.misses} round trips, ${p.failed} failed, ${machineLoad()}`,
      );
    }
  } finally {
    await registry.close();
    cleanup();
  }
}

const loadBefore = machineLoad();
const t0 = performance.now();
await sentences();
if (!process.argv.includes('--sentences-only')) await suiteFigures();
closeRecognisers();
say(
  `\nmachine: ${loadBefore} before, ${machineLoad()} after; ${((performance.now() - t0) / 1000).toFixed(0)} s in all`,
);
