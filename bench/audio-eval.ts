// Audio evaluation cost per agent turn (issue 11): TTS, STT and the judge on the heard transcript,
// and Parley's own overhead around them (WAV conversion to 16 kHz, phone line, diff, rule checks,
// bookkeeping) = wall time minus the time inside the engines and the judge model. Real engines:
// flite -> pocketsphinx (Debian packages, the default pair), judged by the scripted model (answers in
// microseconds, so the judge figure is Parley's judging code) and by the tiny GGUF (threads 1). One speech
// worker and conversations one at a time so engine time does not overlap; no round-trip cache.
// Target: Parley's overhead < 5% of the audio evaluation time per agent turn.
// Usage: npx tsx bench/audio-eval.ts [--conversations 4] [--phone-noise 0.1]
import type { MetricResult, Result, TranscriptTurn } from '../src-shared/schemas/index.js';
import { evaluateAudio, type RunSpeech } from '../src-main/engine/run/audio-eval.js';
import { ModelCalls } from '../src-main/engine/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { scriptedModel } from '../src-main/providers/scripted.js';
import type { ChatModel } from '../src-main/providers/types.js';
import {
  createSpeechRegistry,
  SpeechLines,
  SpeechPool,
  type SttEngine,
  type TtsEngine,
} from '../src-main/speech/index.js';
import { ensureTinyGguf } from '../tests/fixtures/tiny-gguf/write-tiny-gguf.js';
import { report } from './lib.js';
import { machineLoad } from './support/fixtures.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = arg('--conversations', 4);
const NOISE = process.argv.includes('--phone-noise') ? arg('--phone-noise', 0.1) : undefined;
const loadBefore = machineLoad();

const LINES = [
  'Thanks for calling Acme billing, how can I help you today?',
  'Your reference number is 415 555 1234.',
  'I can see order A17 was shipped on the third of March.',
  'Is there anything else I can help you with?',
];

function result(i: number): Result {
  const transcript: TranscriptTurn[] = [];
  for (const line of LINES) {
    transcript.push({ role: 'agent', content: line, node: 'n' });
    transcript.push({ role: 'caller', content: 'okay', node: 'n' });
  }
  const metrics: MetricResult[] = [
    { criterion: 'The agent gives the reference number', score: 1, threshold: 0.5, passed: true, reasoning: '' },
  ];
  return {
    id: `res_${i}`,
    run_id: 'run_bench',
    test: 't',
    test_index: i,
    repeat: 0,
    status: 'pass',
    end_reason: 'caller_done',
    turns: LINES.length,
    transcript,
    nodes_visited: [],
    tools_called: [],
    variables: {},
    metrics,
    rules: [{ kind: 'includes', target: '415 555 1234', passed: true, message: '' }],
    assertions: [],
    tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
    model_calls: [],
    duration_ms: 0,
    error: null,
    started_at: '',
    finished_at: '',
  } as Result;
}

/** Wraps the engines to add up the time spent inside them. */
function timed(tts: TtsEngine, stt: SttEngine) {
  const t = { tts: 0, stt: 0 };
  return {
    t,
    tts: {
      ...tts,
      spec: tts.spec,
      identity: () => tts.identity(),
      tts: async (...a: Parameters<TtsEngine['tts']>) => {
        const s = performance.now();
        try {
          return await tts.tts(...a);
        } finally {
          t.tts += performance.now() - s;
        }
      },
    } as TtsEngine,
    stt: {
      spec: stt.spec,
      identity: () => stt.identity(),
      stt: async (...a: Parameters<SttEngine['stt']>) => {
        const s = performance.now();
        try {
          return await stt.stt(...a);
        } finally {
          t.stt += performance.now() - s;
        }
      },
    } as SttEngine,
  };
}

async function measure(label: string, judge: ChatModel) {
  const reg = createSpeechRegistry();
  const eng = timed(reg.tts('flite'), reg.stt('pocketsphinx'));
  const speech: RunSpeech = {
    lines: new SpeechLines(eng.tts, eng.stt, { pool: new SpeechPool(1) }),
    tts: eng.tts,
    stt: eng.stt,
    voices: reg.voices('flite'),
    accents: {},
    audioEval: true,
    callerSpeech: false,
    seed: 0,
    ...(NOISE !== undefined ? { phoneNoise: NOISE } : {}),
  };
  let judgeMs = 0;
  let lost = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const calls = new ModelCalls({ agent: judge, caller: judge, judge });
    const out = await evaluateAudio(speech, result(i), { calls });
    judgeMs += calls.records.reduce((n, c) => n + c.ms, 0);
    if (out.audio_rules?.some((r) => !r.passed)) lost++;
    if (out.audio_error) throw new Error(out.audio_error);
    await calls.disposeAll();
  }
  const wall = performance.now() - t0;
  const turns = N * LINES.length;
  const overhead = wall - eng.t.tts - eng.t.stt - judgeMs;
  process.stdout.write(
    `\n${label}: ${N} conversations x ${LINES.length} agent turns, includes rule lost in speech in ${lost}/${N}\n`,
  );
  report(`Audio evaluation per agent turn, judge ${label}`, [
    { name: 'TTS (flite)', value: eng.t.tts / turns, unit: 'ms', target: 'measured', ok: true },
    { name: 'STT (pocketsphinx)', value: eng.t.stt / turns, unit: 'ms', target: 'measured', ok: true },
    {
      name: 'judge on the heard transcript (per turn)',
      value: judgeMs / turns,
      unit: 'ms',
      target: 'measured',
      ok: true,
    },
    {
      name: "Parley's overhead",
      value: overhead / turns,
      unit: 'ms',
      target: '< 5% of the turn',
      ok: overhead / wall < 0.05,
    },
    {
      name: "Parley's overhead share",
      value: (100 * overhead) / wall,
      unit: '%',
      target: '< 5%',
      ok: overhead / wall < 0.05,
    },
    { name: 'total per agent turn', value: wall / turns, unit: 'ms', target: 'measured', ok: true },
  ]);
}

await measure('scripted', scriptedModel({ defaults: { score: 0.5 } }));
const registry = createProviderRegistry();
try {
  const gguf = await registry.load({
    provider: 'llama-cpp',
    model: await ensureTinyGguf(),
    params: { threads: 1, max_tokens: 16 },
  });
  await measure('tiny GGUF', gguf);
} finally {
  await registry.close();
}
process.stdout.write(`\nmachine: before ${loadBefore}, after ${machineLoad()}\n`);
