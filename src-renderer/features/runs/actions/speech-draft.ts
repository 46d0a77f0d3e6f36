import type { RunSpeechOptions } from '../../../../src-shared/schemas/run.js';

/** What the New run dialog holds for speech (issue 11). */
export interface SpeechDraft {
  audioEval: boolean;
  callerSpeech: boolean;
  tts: string;
  stt: string;
  phoneNoise: string;
}

export const NO_SPEECH: SpeechDraft = {
  audioEval: false,
  callerSpeech: false,
  tts: 'flite',
  stt: 'pocketsphinx',
  phoneNoise: '',
};

/** The run option, or undefined when speech is off. Engines are checked by the server (errors name the field). */
export function speechOptionsOf(d: SpeechDraft): RunSpeechOptions | undefined {
  if (!d.audioEval && !d.callerSpeech) return undefined;
  const n = d.phoneNoise.trim() ? Number(d.phoneNoise) : undefined;
  return {
    tts: d.tts.trim(),
    stt: d.stt.trim(),
    ...(d.audioEval ? { audio_eval: true } : {}),
    ...(d.callerSpeech ? { caller_speech: true } : {}),
    ...(n !== undefined && Number.isFinite(n) ? { phone_noise: n } : {}),
  };
}
