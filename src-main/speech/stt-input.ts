import type { SpeechError, SpeechErrorCode } from './types.js';
import { isSilent, NotWavError, toSpeechWav } from './wav.js';

/**
 * The audio a speech-to-text engine is given, as 16 kHz mono WAV. Audio that is not a WAV file, or is
 * silent, is refused with `fail` (the engine's own error, naming it) before anything runs.
 */
export async function audioToTranscribe(
  audio: Buffer,
  fail: (code: SpeechErrorCode, detail: string) => SpeechError,
): Promise<Buffer> {
  let wav: Buffer;
  try {
    wav = await toSpeechWav(audio);
  } catch (e) {
    if (e instanceof NotWavError) throw fail('bad_audio', `the audio to transcribe: ${e.message}`);
    throw e;
  }
  if (isSilent(wav)) throw fail('silent_audio', 'the audio to transcribe is silent (nothing to recognise)');
  return wav;
}
