/**
 * "Does this TTS/STT pair work?" (Models page Test button, `parley speech test`): speaks one sentence,
 * recognises it again, and returns both texts, the word diff and word errors on normalised words
 * (src-shared/speech/), a verdict in words ("lost 1 of 23 words; digits kept"), the timings and the
 * engines' identity.
 */
import { loadRunSpeech, SpeechOptionError } from '../../engine/run/run-speech.js';
import {
  createSpeechRegistry,
  roundTrip,
  seedOf,
  SpeechError,
  type SpeechIdentity,
  type SpeechRegistry,
} from '../../speech/index.js';
import { pairVerdict, wordErrors, type WordDiffPart } from '../../../src-shared/speech/word-errors.js';
import { invalid, unavailable } from '../errors.js';

export const DEFAULT_SPEECH_TEST_TEXT = 'Your reference number is 415 555 1234, and your order is A17.';

export interface SpeechTestRequest {
  /** Default: flite. */
  tts?: string;
  /** Default: pocketsphinx. */
  stt?: string;
  text?: string;
  voice?: string;
  /** Speaking rate (1 = normal). */
  rate?: number;
  phone_noise?: number;
}

export interface SpeechTestOutcome {
  said: string;
  heard: string;
  diff: WordDiffPart[];
  /** Errors / normalised words said; null when the sentence has no words. */
  word_error_rate: number | null;
  word_errors: { words: number; substitutions: number; deletions: number; insertions: number };
  digits: { said: number; kept: number };
  /** "lost 1 of 23 words; digits kept", or why the pair cannot check what a caller hears. */
  verdict: string;
  /** False when the pair loses so many words (over 50%) that audio verdicts on it are noise. */
  usable: boolean;
  timings: { tts_first_audio_ms?: number; tts_ms: number; stt_ms: number; audio_ms: number };
  tts: SpeechIdentity;
  stt: SpeechIdentity;
}

export async function speechTest(
  req: SpeechTestRequest,
  o: { signal?: AbortSignal; registry?: SpeechRegistry } = {},
): Promise<SpeechTestOutcome> {
  const text = (req.text ?? DEFAULT_SPEECH_TEST_TEXT).trim();
  if (!text) throw invalid('expected a sentence to speak', 'text');
  if (text.length > 2000) throw invalid(`at most 2,000 characters to speak, got ${text.length}`, 'text');
  let speech;
  try {
    speech = loadRunSpeech(
      {
        ...(req.tts ? { tts: req.tts } : {}),
        ...(req.stt ? { stt: req.stt } : {}),
        audio_eval: true,
        ...(req.phone_noise !== undefined ? { phone_noise: req.phone_noise } : {}),
      },
      o.registry ?? createSpeechRegistry(),
    )!;
  } catch (e) {
    if (e instanceof SpeechOptionError) throw invalid(e.message, e.path.replace('options.speech.', ''));
    throw e;
  }
  try {
    const rt = await roundTrip(speech.tts, speech.stt, text, {
      voice: req.voice ?? speech.voices[0],
      ...(req.rate !== undefined ? { rate: req.rate } : {}),
      ...(speech.phoneNoise !== undefined ? { phone: { noise: speech.phoneNoise, seed: seedOf(text) } } : {}),
      signal: o.signal,
    });
    const e = wordErrors(text, rt.heard);
    const verdict = pairVerdict(e);
    return {
      said: text,
      heard: rt.heard,
      diff: e.diff,
      word_error_rate: e.rate,
      word_errors: { words: e.words, substitutions: e.substitutions, deletions: e.deletions, insertions: e.insertions },
      digits: e.digits,
      verdict: verdict.text,
      usable: verdict.usable,
      timings: {
        ...(rt.tts.first_audio_ms !== undefined ? { tts_first_audio_ms: Math.round(rt.tts.first_audio_ms) } : {}),
        tts_ms: Math.round(rt.tts.total_ms),
        stt_ms: Math.round(rt.stt.total_ms),
        audio_ms: rt.audio_ms,
      },
      tts: await speech.tts.identity(),
      stt: await speech.stt.identity(),
    };
  } catch (e) {
    if (e instanceof SpeechError) throw unavailable(e.message);
    throw e;
  }
}
