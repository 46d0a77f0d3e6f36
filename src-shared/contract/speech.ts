import { z } from 'zod';
import { method } from './define.js';
import { JobStarted } from './jobs.js';

import { SpeechIdentity } from '../schemas/run.js';

export { SpeechIdentity };

/** One part of the said/heard diff on normalised words (src-shared/speech/word-errors.ts). */
export const WordDiffPart = z.object({ op: z.enum(['same', 'said', 'heard']), text: z.string() });
export type WordDiffPart = z.infer<typeof WordDiffPart>;

const spec = z.string().min(1).max(2000);
/** Base64 of a recording: under the web server's 10 MB body limit. */
const MAX_AUDIO_BASE64 = 9_500_000;
const noise = z.number().min(0).max(1).optional();

export const SpeechTestOutput = z.object({
  said: z.string(),
  heard: z.string(),
  diff: z.array(WordDiffPart),
  /** Errors / normalised words said (null when the sentence has no words). */
  word_error_rate: z.number().nullable(),
  word_errors: z.object({
    words: z.number().int(),
    substitutions: z.number().int(),
    deletions: z.number().int(),
    insertions: z.number().int(),
  }),
  digits: z.object({ said: z.number().int(), kept: z.number().int() }),
  /** "lost 1 of 23 words; digits kept" or "...: this pair cannot check what a caller hears". */
  verdict: z.string(),
  usable: z.boolean(),
  timings: z.object({
    tts_first_audio_ms: z.number().optional(),
    tts_ms: z.number(),
    stt_ms: z.number(),
    audio_ms: z.number(),
  }),
  tts: SpeechIdentity,
  stt: SpeechIdentity,
});
export type SpeechTestOutput = z.infer<typeof SpeechTestOutput>;

export const AudioEvalOutput = z.object({
  run_id: z.string(),
  tts: SpeechIdentity,
  stt: SpeechIdentity,
  conversations: z.number().int(),
  turns: z.number().int(),
  errors: z.number().int(),
  lost_in_speech: z.number().int(),
  /** Word error rate of the agent's lines as heard, over the run, with its 95% interval (issue 27). */
  word_error_rate: z
    .object({
      turns: z.number().int(),
      words: z.number().int(),
      errors: z.number().int(),
      rate: z.number().nullable(),
      conversations: z.number().int(),
      low: z.number().nullable(),
      high: z.number().nullable(),
    })
    .nullable(),
  /** Round trips from the speech cache, shared with an identical one in flight, made by the engines. */
  cache: z.object({ hits: z.number().int(), shared: z.number().int(), misses: z.number().int() }),
  not_spoken: z.number().int(),
  aborted: z.boolean(),
  ms: z.number(),
});
export type AudioEvalOutput = z.infer<typeof AudioEvalOutput>;

/** Speech engines (issue 11): src-main/speech, src-main/app/speech/speech-test.ts, src-main/app/speech/audio-eval.ts. */
export const speechMethods = {
  'speech.test': method(
    'Speak a sentence with a TTS engine and recognise it with an STT engine: both texts, the word diff, timings and the engines used',
    z.object({
      /** Default: flite (the offline pair that hears). */
      tts: spec.optional(),
      /** Default: pocketsphinx. */
      stt: spec.optional(),
      /** Default: a sentence with a phone number and an order code. */
      text: z.string().max(2000).optional(),
      voice: z.string().max(100).optional(),
      rate: z.number().min(0.5).max(2).optional(),
      phone_noise: noise,
    }),
    SpeechTestOutput,
  ),
  'speech.audioEval': method(
    "Audio evaluation of a finished run, as a job (its result: AudioEvalOutput): every agent message spoken and recognised again, the heard text stored beside each turn, and the run's metrics and rules judged again on it (audio_metrics, audio_rules)",
    z.object({
      run_id: z.string().min(1),
      /** Default: the engines the run used. */
      tts: spec.optional(),
      stt: spec.optional(),
      phone_noise: noise,
    }),
    JobStarted,
  ),
  'speech.transcribe': method(
    "Recognise one recording (Try it's microphone): any WAV, converted to 16 kHz mono; the text the agent will hear",
    z.object({ stt: spec, audio_base64: z.string().min(1).max(MAX_AUDIO_BASE64) }),
    z.object({ text: z.string(), audio_ms: z.number(), stt_ms: z.number(), stt: SpeechIdentity }),
  ),
  'speech.synthesize': method(
    "Speak one text (Try it's spoken replies): 16 kHz mono 16-bit WAV",
    z.object({ tts: spec, text: z.string().min(1).max(4000), voice: z.string().max(100).optional() }),
    z.object({
      audio_base64: z.string(),
      audio_ms: z.number(),
      tts_ms: z.number(),
      first_audio_ms: z.number().optional(),
      tts: SpeechIdentity,
      /** Served from the server's recent-audio cache (by content hash): no engine call. */
      cached: z.boolean().optional(),
    }),
  ),
  'speech.cache': method(
    'The speech round-trip cache (what each TTS/STT pair heard of a line, kept across runs): its size, emptied first with clear',
    z.object({ clear: z.boolean().default(false) }),
    z.object({
      entries: z.number().int(),
      bytes: z.number().int(),
      hits: z.number().int(),
      cleared: z.boolean(),
    }),
  ),
};
