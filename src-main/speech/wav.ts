/**
 * Audio inside Parley: 16 kHz mono 16-bit PCM WAV. Whatever an engine returns (22 050 Hz espeak-ng,
 * 24 kHz OpenAI, stereo, float) is converted here with wavefile (its resampler low-pass filters on
 * the way down), never with a hand-written resampler. The header is checked first (wav-header.ts:
 * sample rate, channels and duration within bounds), and the conversion runs in a worker thread.
 */
import wavefile from 'wavefile';
import { MAX_SPEECH_AUDIO_MS } from '../../src-shared/limits.js';
import { checkWavHeader, NotWavError } from './wav-header.js';
import { convertWavOffThread } from './wav-worker.js';

const { WaveFile } = wavefile;

export { NotWavError, readWavHeader, checkWavHeader, type WavHeader } from './wav-header.js';

export const SPEECH_SAMPLE_RATE = 16000;

/**
 * Converts any PCM/float WAV to 16 kHz mono 16-bit (at most `maxMs` long, by its header). Throws
 * NotWavError naming what it got instead, before any conversion work.
 */
export async function toSpeechWav(buf: Buffer, maxMs = MAX_SPEECH_AUDIO_MS): Promise<Buffer> {
  const h = checkWavHeader(buf, maxMs);
  if (h.channels === 1 && h.sampleRate === SPEECH_SAMPLE_RATE && h.bitsPerSample === 16 && h.format === 1) {
    try {
      new WaveFile(buf); // readable as it is
      return buf;
    } catch (e) {
      throw new NotWavError(`expected a readable WAV file: ${(e as Error).message}`);
    }
  }
  try {
    return await convertWavOffThread(buf, SPEECH_SAMPLE_RATE);
  } catch (e) {
    throw new NotWavError(`could not convert the WAV to 16 kHz mono 16-bit: ${(e as Error).message}`);
  }
}

/** The 16-bit samples of a 16 kHz mono WAV made by toSpeechWav. */
export function samplesOf(wav: Buffer): Int16Array {
  const w = new WaveFile(wav);
  return Int16Array.from(w.getSamples(false, Int16Array) as unknown as ArrayLike<number>);
}

export function wavOf(samples: Int16Array, rate = SPEECH_SAMPLE_RATE): Buffer {
  const w = new WaveFile();
  w.fromScratch(1, rate, '16', samples);
  return Buffer.from(w.toBuffer());
}

export function durationMs(wav: Buffer): number {
  return (samplesOf(wav).length / SPEECH_SAMPLE_RATE) * 1000;
}

/** True when the audio has no sample louder than about -60 dBFS (or no samples): nothing to recognise. */
export function isSilent(wav: Buffer): boolean {
  const s = samplesOf(wav);
  for (let i = 0; i < s.length; i++) if (Math.abs(s[i]) > 32) return false;
  return true;
}
