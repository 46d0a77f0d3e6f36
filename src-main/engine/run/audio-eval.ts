/**
 * Speech in a conversation (issue 11): the agent's messages heard through TTS -> STT (audio
 * evaluation), the caller's messages heard by the agent through TTS -> STT (caller speech), and the
 * suite's metrics and rule checks judged again on what was heard. A failed round trip marks only the
 * turn (`speech_error`) and the result's audio part (`audio_error`); the text verdicts are kept.
 */
import type {
  CheckResult,
  MetricResult,
  Result,
  TranscriptTurn,
  TurnLatency,
} from '../../../src-shared/schemas/index.js';
import { withResponseMs } from '../conversation/response-latency.js';
import { atTurn, roundTrip, seedOf, type SttEngine, type TtsEngine } from '../../speech/index.js';
import { checkPatterns, checkSubstrings, judgeMetrics } from '../judge/index.js';
import type { ResolvedMetric } from '../judge/metric-specs.js';
import type { EngineLimits } from '../limits.js';
import type { HeardCaller } from '../conversation/types.js';
import type { ModelCalls } from '../model-io/model-calls.js';

export interface RunSpeech {
  tts: TtsEngine;
  stt: SttEngine;
  /** Voices the TTS engine offers: the agent speaks with the first, callers are spread over the rest. */
  voices: string[];
  audioEval: boolean;
  callerSpeech: boolean;
  /** Phone line noise level (band limit on when set). */
  phoneNoise?: number;
}

const phoneOf = (s: RunSpeech, key: string) =>
  s.phoneNoise === undefined ? undefined : { noise: s.phoneNoise, seed: seedOf(key) };

/** The voice a caller (persona or test name) speaks with: stable per name, never the agent's. */
export function callerVoice(s: RunSpeech, who: string): string | undefined {
  if (s.voices.length < 2) return s.voices[0];
  return s.voices[1 + (seedOf(who) % (s.voices.length - 1))];
}

/** Hears one caller message as the agent would (conversation.ts calls it before the agent sees the turn). */
export function callerHearing(s: RunSpeech, who: string, seedKey: string, signal?: AbortSignal) {
  return async (text: string, turn: number): Promise<HeardCaller> => {
    try {
      const rt = await roundTrip(s.tts, s.stt, text, {
        voice: callerVoice(s, who),
        phone: phoneOf(s, `${seedKey}:${turn}`),
        signal,
      });
      return { heard: rt.heard, stt_ms: Math.round(rt.stt.total_ms) };
    } catch (e) {
      if (signal?.aborted) throw e;
      return { error: atTurn(turn, 'caller', e) };
    }
  };
}

/** Every agent message spoken and recognised again; the turns get `heard` (or `speech_error`) and TTS first audio. */
export async function hearAgentTurns(
  s: RunSpeech,
  transcript: TranscriptTurn[],
  seedKey: string,
  signal?: AbortSignal,
): Promise<{ transcript: TranscriptTurn[]; errors: string[] }> {
  const out: TranscriptTurn[] = [];
  const errors: string[] = [];
  for (const [i, turn] of transcript.entries()) {
    if (turn.role !== 'agent' || !turn.content.trim()) {
      out.push(turn);
      continue;
    }
    try {
      const rt = await roundTrip(s.tts, s.stt, turn.content, {
        voice: s.voices[0],
        phone: phoneOf(s, `${seedKey}:${i}`),
        signal,
      });
      const rest: TranscriptTurn = { ...turn };
      delete rest.speech_error;
      const latency: TurnLatency = withResponseMs({
        ...turn.latency,
        tts_first_audio_ms: Math.round(rt.tts.first_audio_ms ?? rt.tts.total_ms),
      });
      out.push({ ...rest, heard: rt.heard, latency });
    } catch (e) {
      if (signal?.aborted) throw e;
      const msg = atTurn(i, 'agent', e);
      errors.push(msg);
      out.push({ ...turn, speech_error: msg });
    }
  }
  return { transcript: out, errors };
}

/** The transcript as the caller heard the agent: agent turns replaced by what speech recognition heard. */
export function heardTranscript(transcript: TranscriptTurn[]): TranscriptTurn[] {
  return transcript.map((t) => (t.role === 'agent' && t.heard !== undefined ? { ...t, content: t.heard } : t));
}

/** The rule checks a result was judged with, read back from its stored rule results. */
export function rulesOf(rules: CheckResult[]): { includes: string[]; excludes: string[]; patterns: string[] } {
  const of = (kind: string) => rules.filter((r) => r.kind === kind).map((r) => r.target);
  return { includes: of('includes'), excludes: of('excludes'), patterns: of('pattern') };
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
  const r = rulesOf(o.rules);
  let audio_rules: CheckResult[];
  try {
    audio_rules = [
      ...checkSubstrings(heard, r.includes, r.excludes),
      ...(await checkPatterns(heard, r.patterns, o.patternTimeoutMs)),
    ];
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
  result: Pick<Result, 'id' | 'transcript' | 'metrics' | 'rules'>,
  o: { calls?: ModelCalls; limits?: Partial<EngineLimits>; patternTimeoutMs?: number; signal?: AbortSignal },
): Promise<{ transcript: TranscriptTurn[] } & AudioVerdicts> {
  const heard = await hearAgentTurns(s, result.transcript, result.id, o.signal);
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
