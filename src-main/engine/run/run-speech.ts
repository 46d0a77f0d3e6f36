import type { RunSpeechOptions } from '../../../src-shared/schemas/index.js';
import {
  createSpeechRegistry,
  DEFAULT_STT,
  DEFAULT_TTS,
  SpeechLines,
  speechPool,
  type RoundTripCache,
  type SpeechPool,
  type SpeechRegistry,
} from '../../speech/index.js';
import type { RunSpeech } from './run-speech-types.js';
import { EngineInputError } from '../errors.js';

/** Thrown for run speech options that cannot work; `path` is the option (options.speech.tts, ...). */
export class SpeechOptionError extends EngineInputError {
  declare readonly path: string;
  constructor(message: string, path: string) {
    super(message, path);
    this.name = 'SpeechOptionError';
  }
}

/** The run's speech options with the default offline pair filled in (flite -> pocketsphinx) when speech is on. */
export function withDefaultEngines(o: RunSpeechOptions | undefined): RunSpeechOptions | undefined {
  if (!o || (!o.audio_eval && !o.caller_speech)) return o;
  return { ...o, tts: o.tts ?? DEFAULT_TTS, stt: o.stt ?? DEFAULT_STT };
}

/**
 * The run's speech engines from its options (undefined when the run uses no speech). Specs are parsed
 * here, before a run row exists, so a bad spec changes nothing. The engines' calls go through the
 * process's speech pool and, when given, the store's round-trip cache (identical round trips in flight
 * at once are then made once; `share: false` makes each, as a measurement of the engines wants).
 */
export function loadRunSpeech(
  given: RunSpeechOptions | undefined,
  registry: SpeechRegistry = createSpeechRegistry(),
  extras: { cache?: RoundTripCache; pool?: SpeechPool; share?: boolean } = {},
): RunSpeech | undefined {
  const o = withDefaultEngines(given);
  if (!o || (!o.audio_eval && !o.caller_speech)) {
    if (o?.phone_noise !== undefined)
      throw new SpeechOptionError(
        'a phone noise level needs speech: add audio evaluation or caller speech',
        'options.speech.phone_noise',
      );
    return undefined;
  }
  let tts, stt;
  try {
    tts = registry.tts(o.tts!);
  } catch (e) {
    throw new SpeechOptionError((e as Error).message, 'options.speech.tts');
  }
  try {
    stt = registry.stt(o.stt!);
  } catch (e) {
    throw new SpeechOptionError((e as Error).message, 'options.speech.stt');
  }
  if (o.workers !== undefined) (extras.pool ?? speechPool()).resize(o.workers);
  return {
    lines: new SpeechLines(tts, stt, { pool: extras.pool, cache: extras.cache, share: extras.share }),
    tts,
    stt,
    voices: registry.voices(o.tts!),
    accents: registry.accents(o.tts!),
    audioEval: !!o.audio_eval,
    callerSpeech: !!o.caller_speech,
    ...(o.phone_noise !== undefined ? { phoneNoise: o.phone_noise } : {}),
    seed: o.seed ?? 0,
  };
}
