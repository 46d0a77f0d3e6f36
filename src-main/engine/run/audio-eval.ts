/**
 * Speech in a conversation (issues 11, 27): the agent's messages heard through TTS -> STT (audio
 * evaluation), the caller's messages heard by the agent through TTS -> STT (caller speech), and the
 * suite's metrics and rule checks judged again on what was heard (the rules through the check kinds' own
 * definitions, engine/judge/check-kinds.ts). Every engine call goes through the
 * process's speech pool and the round-trip cache (speech/round-trip.ts); identical round trips in flight at
 * once are made once (`speech.shared` on the turns that waited). Each spoken turn keeps its word
 * errors (normalised, src-shared/speech/) and its audio figures; a failed round trip marks only the turn
 * (`speech_error`) and the result's audio part (`audio_error`); the text verdicts are kept.
 */
import type {
  CheckResult,
  MetricResult,
  Result,
  TranscriptTurn,
  TurnLatency,
  TurnSpeech,
} from '../../../src-shared/schemas/index.js';
import { wordErrors } from '../../../src-shared/speech/word-errors.js';
import { withResponseMs, withTimeToFirstAudio } from '../conversation/response-latency.js';
import { atTurn, type LineOutcome } from '../../speech/index.js';
import { judgeMetrics } from '../judge/index.js';
import { recheckHeard } from '../judge/run-checks.js';
import type { ResolvedMetric } from '../judge/metric-specs.js';
import type { EngineLimits } from '../limits.js';
import type { HeardCaller } from '../conversation/types.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { agentLine, callerLine, callerRate, callerVoice, type CallerSetup } from './caller-behaviour.js';
import type { RunSpeech } from './run-speech-types.js';
import { agentStep, callerStep, type StepSink } from './step-events.js';

export type { RunSpeech } from './run-speech-types.js';

/** Word errors, audio length, cache and voice of a spoken turn. */
function speechOf(
  said: string,
  out: Extract<LineOutcome, { heard?: string }>,
  voice?: string,
  rate?: number,
): TurnSpeech {
  const e = wordErrors(said, out.heard ?? '');
  return {
    word_errors: { words: e.words, substitutions: e.substitutions, deletions: e.deletions, insertions: e.insertions },
    audio_ms: out.audio_ms,
    ...(out.cached ? { cached: true } : {}),
    ...(out.shared ? { shared: true } : {}),
    ...(voice ? { voice } : {}),
    ...(rate ? { rate } : {}),
  };
}

/** Hears one caller message as the agent would (conversation.ts calls it before the agent sees the turn). */
export function callerHearing(
  s: RunSpeech,
  setup: CallerSetup,
  owner: string,
  signal?: AbortSignal,
  onStep?: StepSink,
) {
  const voice = callerVoice(s, setup);
  const rate = callerRate(setup);
  return async (text: string, turn: number): Promise<HeardCaller> => {
    onStep?.(turn, callerStep(turn));
    try {
      const line = callerLine(s, setup, turn);
      const out = await s.lines.hear({ text, voice, rate, line }, { owner, signal });
      if ('not_spoken' in out) return { speech: { not_spoken: 'too_long' } };
      return {
        heard: out.heard,
        stt_ms: out.stt_ms,
        speech: speechOf(text, out, voice, rate),
        ...(line.noise || out.dropouts?.length
          ? {
              perturbation: {
                ...(line.noise ? { noise: line.noise } : {}),
                ...(out.dropouts?.length ? { dropouts: out.dropouts } : {}),
              },
            }
          : {}),
      };
    } catch (e) {
      if (signal?.aborted) throw e;
      return { error: atTurn(turn, 'caller', e) };
    }
  };
}

/** An agent turn after its round trip: heard text, word errors, and the speech parts of its latency. */
function heardAgentTurn(turn: TranscriptTurn, out: LineOutcome, voice: string | undefined): TranscriptTurn {
  const rest: TranscriptTurn = { ...turn };
  delete rest.speech_error;
  delete rest.heard;
  if ('not_spoken' in out) return { ...rest, speech: { not_spoken: 'too_long' } };
  const latency: TurnLatency = withTimeToFirstAudio(
    withResponseMs({
      ...turn.latency,
      tts_first_audio_ms: out.first_audio_ms ?? out.tts_ms,
      tts_first_sentence_ms: out.first_sentence_tts_ms,
    }),
    out.tts_ms,
  );
  const dropouts = out.dropouts?.length ? { perturbation: { ...turn.perturbation, dropouts: out.dropouts } } : {};
  return { ...rest, heard: out.heard ?? '', latency, speech: speechOf(turn.content, out, voice), ...dropouts };
}

/**
 * Every agent message spoken (sentence by sentence, as a platform streams a reply) and recognised again;
 * the turns get `heard`, word errors and time to first audio (or `speech_error`, or `not_spoken`).
 */
export async function hearAgentTurns(
  s: RunSpeech,
  transcript: TranscriptTurn[],
  o: { seedKey: string; owner: string; setup?: CallerSetup; signal?: AbortSignal; onStep?: StepSink },
): Promise<{ transcript: TranscriptTurn[]; errors: string[] }> {
  const voice = s.voices[0];
  const failed = new Map<number, string>();
  const spoken = (turn: TranscriptTurn) => turn.role === 'agent' && !!turn.content.trim();
  const total = transcript.filter(spoken).length;
  let done = 0;
  if (total) o.onStep?.(transcript.findIndex(spoken), agentStep(0, total));
  const heard = await Promise.all(
    transcript.map(async (turn, i): Promise<TranscriptTurn> => {
      if (!spoken(turn)) return turn;
      try {
        const line = agentLine(s, o.setup, i, o.seedKey);
        const out = await s.lines.hear(
          { text: turn.content, voice, line, bySentence: true },
          { owner: o.owner, signal: o.signal },
        );
        return heardAgentTurn(turn, out, voice);
      } catch (e) {
        if (o.signal?.aborted) throw e;
        failed.set(i, atTurn(i, 'agent', e));
        return { ...turn, speech_error: failed.get(i)! };
      } finally {
        if (!o.signal?.aborted) o.onStep?.(i, agentStep(++done, total));
      }
    }),
  );
  const errors = [...failed.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
  return { transcript: heard, errors };
}

/** The transcript as the caller heard the agent: agent turns replaced by what speech recognition heard. */
export function heardTranscript(transcript: TranscriptTurn[]): TranscriptTurn[] {
  return transcript.map((t) => (t.role === 'agent' && t.heard !== undefined ? { ...t, content: t.heard } : t));
}

export const metricsOfResult = (metrics: MetricResult[]): ResolvedMetric[] =>
  metrics.map((m) => ({ criterion: m.criterion, threshold: m.threshold, global: m.global ?? false }));

export interface AudioVerdicts {
  audio_metrics?: MetricResult[];
  audio_rules?: CheckResult[];
  audio_error?: string;
}

/**
 * The result's metrics and rule checks judged again on the heard transcript. Any failed round trip
 * (or a failed judge call) gives `audio_error` and no audio verdicts: a transcript with a turn
 * missing would judge something no caller heard.
 */
export async function judgeHeard(
  o: {
    transcript: TranscriptTurn[];
    metrics: MetricResult[];
    rules: CheckResult[];
    calls?: ModelCalls;
    limits?: Partial<EngineLimits>;
    patternTimeoutMs?: number;
  },
  speechErrors: string[],
): Promise<AudioVerdicts> {
  if (speechErrors.length)
    return {
      audio_error: `audio evaluation failed on ${speechErrors.length} turn(s): ${speechErrors.join('; ')}`,
    };
  const heard = heardTranscript(o.transcript);
  let audio_rules: CheckResult[];
  try {
    // the kinds over the spoken words, through their definitions (check-kinds.ts), with what the result was judged with
    audio_rules = await recheckHeard({ transcript: heard, patternTimeoutMs: o.patternTimeoutMs }, o.rules);
  } catch (e) {
    return { audio_error: `audio rule checks failed: ${(e as Error).message}` };
  }
  const metrics = metricsOfResult(o.metrics);
  if (!metrics.length || !o.calls) return { audio_metrics: [], audio_rules };
  try {
    const audio_metrics = await judgeMetrics(o.calls, heard, metrics, { limits: o.limits });
    return { audio_metrics, audio_rules };
  } catch (e) {
    return { audio_rules, audio_error: `judging the heard transcript failed: ${(e as Error).message}` };
  }
}

/** A stored or fresh result after audio evaluation: heard turns, audio verdicts (the text verdicts untouched). */
export async function evaluateAudio(
  s: RunSpeech,
  result: Pick<Result, 'id' | 'test' | 'repeat' | 'transcript' | 'metrics' | 'rules'>,
  o: {
    calls?: ModelCalls;
    limits?: Partial<EngineLimits>;
    patternTimeoutMs?: number;
    signal?: AbortSignal;
    setup?: CallerSetup;
    onStep?: StepSink;
  },
): Promise<{ transcript: TranscriptTurn[] } & AudioVerdicts> {
  const heard = await hearAgentTurns(s, result.transcript, {
    seedKey: `${s.seed}:${result.test}:${result.repeat}`,
    owner: result.id,
    setup: o.setup,
    signal: o.signal,
    onStep: o.onStep,
  });
  const verdicts = await judgeHeard(
    {
      transcript: heard.transcript,
      metrics: result.metrics,
      rules: result.rules,
      calls: o.calls,
      limits: o.limits,
      patternTimeoutMs: o.patternTimeoutMs,
    },
    heard.errors,
  );
  return { transcript: heard.transcript, ...verdicts };
}

/**
 * A stored result evaluated again on what was heard (audio evaluation of a finished run): its agent turns
 * spoken and heard, its audio verdicts replaced, the audio judge's calls added (purpose `audio_judge`); the
 * text verdicts are untouched. `setup` is the conversation's caller (its line dropouts apply both ways).
 */
export async function reevaluateStoredResult(
  s: RunSpeech,
  result: Result,
  o: { calls?: ModelCalls; signal?: AbortSignal; setup?: CallerSetup },
): Promise<Result> {
  const out = await evaluateAudio(s, result, { calls: o.calls, signal: o.signal, setup: o.setup });
  const rest: Result = { ...result };
  delete rest.audio_metrics;
  delete rest.audio_rules;
  delete rest.audio_error;
  return {
    ...rest,
    transcript: out.transcript,
    ...(out.audio_metrics ? { audio_metrics: out.audio_metrics } : {}),
    ...(out.audio_rules ? { audio_rules: out.audio_rules } : {}),
    ...(out.audio_error ? { audio_error: out.audio_error } : {}),
    model_calls: [...result.model_calls, ...(o.calls?.records ?? []).map((c) => ({ ...c, purpose: 'audio_judge' }))],
  };
}
