import { z } from 'zod';
import { method } from './define.js';
import { JobStarted } from './jobs.js';

import { SpeechIdentity } from '../schemas/run.js';

export { SpeechIdentity };

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
  word_error_rate: z.number(),
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
  aborted: z.boolean(),
  ms: z.number(),
});
export type AudioEvalOutput = z.infer<typeof AudioEvalOutput>;

/** Speech engines (issue 11): src-main/speech, src-main/app/speech-test.ts, src-main/app/audio-eval.ts. */
export const speechMethods = {
  'speech.test': method(
    'Speak a sentence with a TTS engine and recognise it with an STT engine: both texts, the word diff, timings and the engines used',
    z.object({
      tts: spec,
      stt: spec,
      /** Default: a sentence with a phone number and an order code. */
      text: z.string().max(2000).optional(),
      voice: z.string().max(100).optional(),
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
};
