import type { RunSpeechOptions } from '../../../src-shared/schemas/index.js';
import { createSpeechRegistry, type SpeechRegistry } from '../../speech/index.js';
import type { RunSpeech } from './audio-eval.js';
import { EngineInputError } from '../errors.js';

/** Thrown for run speech options that cannot work; `path` is the option (options.speech.tts, ...). */
export class SpeechOptionError extends EngineInputError {
  declare readonly path: string;
  constructor(message: string, path: string) {
    super(message, path);
    this.name = 'SpeechOptionError';
  }
}

/**
 * The run's speech engines from its options (undefined when the run uses no speech). Specs are parsed
 * here, before a run row exists, so a bad spec changes nothing.
 */
export function loadRunSpeech(
  o: RunSpeechOptions | undefined,
  registry: SpeechRegistry = createSpeechRegistry(),
): RunSpeech | undefined {
  if (!o || (!o.audio_eval && !o.caller_speech)) {
    if (o?.phone_noise !== undefined && !o.audio_eval && !o.caller_speech)
      throw new SpeechOptionError(
        'a phone noise level needs speech: add audio evaluation or caller speech',
        'options.speech.phone_noise',
      );
    return undefined;
  }
  const what = o.audio_eval ? 'audio evaluation' : 'caller speech';
  if (!o.tts)
    throw new SpeechOptionError(`${what} needs a text-to-speech engine (e.g. espeak-ng)`, 'options.speech.tts');
  if (!o.stt)
    throw new SpeechOptionError(`${what} needs a speech-to-text engine (e.g. pocketsphinx)`, 'options.speech.stt');
  let tts, stt;
  try {
    tts = registry.tts(o.tts);
  } catch (e) {
    throw new SpeechOptionError((e as Error).message, 'options.speech.tts');
  }
  try {
    stt = registry.stt(o.stt);
  } catch (e) {
    throw new SpeechOptionError((e as Error).message, 'options.speech.stt');
  }
  return {
    tts,
    stt,
    voices: registry.voices(o.tts),
    audioEval: !!o.audio_eval,
    callerSpeech: !!o.caller_speech,
    ...(o.phone_noise !== undefined ? { phoneNoise: o.phone_noise } : {}),
  };
}
