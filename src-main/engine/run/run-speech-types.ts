/** A run's speech engines and settings (issue 27), apart from audio-eval.ts so caller-behaviour.ts can use it without a cycle. */
import type { Accent } from '../../../src-shared/schemas/index.js';
import type { SpeechLines, SttEngine, TtsEngine } from '../../speech/index.js';

export interface RunSpeech {
  /** The engines, through the speech pool and the round-trip cache. */
  lines: SpeechLines;
  tts: TtsEngine;
  stt: SttEngine;
  /** Voices the TTS engine offers: the agent speaks with the first, callers are spread over the rest. */
  voices: string[];
  /** The engine's voices per accent (a persona's accent picks among them). */
  accents: Partial<Record<Accent, string[]>>;
  audioEval: boolean;
  callerSpeech: boolean;
  /** Phone line noise level (band limit on when set). */
  phoneNoise?: number;
  /** The run's speech seed (options.speech.seed, default 0): perturbations and line noise are drawn from it. */
  seed: number;
}
