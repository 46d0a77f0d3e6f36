/**
 * Telephone simulation: the audio is band-limited to what an 8 kHz phone line carries (down to
 * 8 kHz through wavefile's low-pass resampler, then back to 16 kHz) and white noise is added at
 * `noise` x the speech's RMS level, from a seeded generator, so the same run hears the same thing.
 */
import wavefile from 'wavefile';
import { samplesOf, SPEECH_SAMPLE_RATE, wavOf } from './wav.js';
import { gaussian, seeded, seedOf } from './seeded.js';

const { WaveFile } = wavefile;

export interface PhoneLine {
  /** Noise RMS relative to the speech RMS, 0..1 (0.1 = 20 dB signal-to-noise). 0: band limit only. */
  noise: number;
  /** Seed of the noise (the same seed and audio give the same samples). */
  seed: number;
}

export { seedOf };

export function throughPhoneLine(wav: Buffer, line: PhoneLine): Buffer {
  const w = new WaveFile(wav);
  w.toSampleRate(8000);
  w.toSampleRate(SPEECH_SAMPLE_RATE);
  const s = Int16Array.from(w.getSamples(false, Int16Array) as unknown as ArrayLike<number>);
  if (line.noise > 0) {
    let sum = 0;
    for (const v of s) sum += v * v;
    const rms = Math.sqrt(sum / Math.max(1, s.length));
    const rnd = seeded(line.seed);
    const amp = rms * line.noise;
    for (let i = 0; i < s.length; i++) {
      s[i] = Math.max(-32768, Math.min(32767, Math.round(s[i] + gaussian(rnd) * amp)));
    }
  }
  return wavOf(s);
}

export { samplesOf };
