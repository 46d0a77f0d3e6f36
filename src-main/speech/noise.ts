/**
 * Background noise a caller can be in, made by seeded generators (no recordings to license or ship):
 * - white: flat hiss;
 * - wind: low rumble (filtered brown noise) in slow gusts;
 * - street: traffic rumble, cars passing (swells of band-limited noise) and now and then a horn;
 * - babble: an office or a cafe, six voices' worth of speech-shaped noise, each switching on and off at
 *   the pace of syllables (about four a second), so it fluctuates like talk rather than hissing;
 * - music: a seeded tune of pentatonic notes with harmonics over a bass line.
 * Every generator returns 16 kHz samples with an RMS of 1; mixNoise scales them to a signal-to-noise ratio.
 */
import type { NoiseKind } from '../../src-shared/schemas/perturbations.js';
import { gaussian, seeded } from './seeded.js';
import { SPEECH_SAMPLE_RATE } from './wav.js';

const RATE = SPEECH_SAMPLE_RATE;

/** One-pole low-pass filter coefficient for a cut-off frequency. */
const lowPassK = (hz: number) => 1 - Math.exp((-2 * Math.PI * hz) / RATE);

function unitRms(x: Float32Array): Float32Array {
  let sum = 0;
  for (const v of x) sum += v * v;
  const rms = Math.sqrt(sum / Math.max(1, x.length));
  if (rms > 0) for (let i = 0; i < x.length; i++) x[i] /= rms;
  return x;
}

function white(n: number, rnd: () => number): Float32Array {
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = gaussian(rnd);
  return x;
}

/** Noise between two frequencies (one-pole high-pass then low-pass of white noise). */
function band(n: number, rnd: () => number, lowHz: number, highHz: number): Float32Array {
  const x = white(n, rnd);
  const kh = lowPassK(lowHz);
  const kl = lowPassK(highHz);
  let slow = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    slow += kh * (x[i] - slow);
    y += kl * (x[i] - slow - y);
    x[i] = y;
  }
  return x;
}

/** A smooth random envelope between 0 and 1 that changes about `hz` times a second. */
function envelope(n: number, rnd: () => number, hz: number, floor: number): Float32Array {
  const e = new Float32Array(n);
  const k = lowPassK(hz);
  const step = Math.max(1, Math.round(RATE / hz));
  let target = rnd();
  let v = target;
  for (let i = 0; i < n; i++) {
    if (i % step === 0) target = rnd();
    v += k * (target - v);
    e[i] = floor + (1 - floor) * v;
  }
  return e;
}

function wind(n: number, rnd: () => number): Float32Array {
  const x = band(n, rnd, 20, 300);
  const gust = envelope(n, rnd, 0.4, 0.15);
  for (let i = 0; i < n; i++) x[i] *= gust[i];
  return x;
}

function street(n: number, rnd: () => number): Float32Array {
  const x = band(n, rnd, 30, 500);
  // cars passing: a swell of brighter noise over about two seconds, one every 2 to 6 seconds
  let at = Math.floor(rnd() * 2 * RATE);
  while (at < n) {
    const len = Math.floor((1.5 + rnd()) * RATE);
    const car = band(len, rnd, 80, 2500);
    for (let i = 0; i < len && at + i < n; i++) x[at + i] += 2.5 * car[i] * Math.sin((Math.PI * i) / len) ** 2;
    if (rnd() < 0.25) {
      // a horn: two tones for a third of a second
      const hornAt = at + Math.floor(len / 2);
      for (let i = 0; i < RATE / 3 && hornAt + i < n; i++) {
        const t = i / RATE;
        x[hornAt + i] += 1.5 * (Math.sin(2 * Math.PI * 420 * t) + Math.sin(2 * Math.PI * 520 * t));
      }
    }
    at += Math.floor((2 + 4 * rnd()) * RATE);
  }
  return x;
}

function babble(n: number, rnd: () => number): Float32Array {
  const x = new Float32Array(n);
  for (let voice = 0; voice < 6; voice++) {
    const v = band(n, rnd, 250 + 100 * rnd(), 2500 + 1000 * rnd());
    const syllables = envelope(n, rnd, 4 + 2 * rnd(), 0);
    for (let i = 0; i < n; i++) x[i] += v[i] * syllables[i] * syllables[i];
  }
  return x;
}

const PENTATONIC = [0, 2, 4, 7, 9];

function music(n: number, rnd: () => number): Float32Array {
  const x = new Float32Array(n);
  const noteLen = Math.floor(0.4 * RATE);
  for (let at = 0, k = 0; at < n; at += noteLen, k++) {
    const semis = PENTATONIC[Math.floor(rnd() * PENTATONIC.length)] + 12 * Math.floor(rnd() * 2);
    const hz = 261.63 * 2 ** (semis / 12);
    const bass = (130.81 * 2 ** (PENTATONIC[k % 4 === 0 ? Math.floor(rnd() * 3) : 0] / 12)) / 2;
    for (let i = 0; i < noteLen && at + i < n; i++) {
      const t = i / RATE;
      const env = Math.min(1, i / 200) * Math.exp(-3 * t);
      let s = 0;
      for (let h = 1; h <= 3; h++) s += Math.sin(2 * Math.PI * hz * h * t) / h;
      x[at + i] = env * s + 0.5 * Math.sin(2 * Math.PI * bass * t);
    }
  }
  return x;
}

const GENERATORS: Record<NoiseKind, (n: number, rnd: () => number) => Float32Array> = {
  white,
  wind,
  street,
  babble,
  music,
};

/** `n` samples of a kind of noise at RMS 1, the same for the same seed. */
export function makeNoise(kind: NoiseKind, n: number, seed: number): Float32Array {
  return unitRms(GENERATORS[kind](n, seeded(seed)));
}

/** RMS of 16-bit samples. */
export function rmsOf(s: Int16Array): number {
  let sum = 0;
  for (const v of s) sum += v * v;
  return Math.sqrt(sum / Math.max(1, s.length));
}

/**
 * Speech with noise added at `snrDb` (the ratio of the speech's RMS to the noise's, in dB; the RMS is taken
 * over the whole clip). Clipped to 16 bits.
 */
export function mixNoise(speech: Int16Array, kind: NoiseKind, snrDb: number, seed: number): Int16Array {
  const noise = makeNoise(kind, speech.length, seed);
  const amp = rmsOf(speech) / 10 ** (snrDb / 20);
  const out = new Int16Array(speech.length);
  for (let i = 0; i < speech.length; i++)
    out[i] = Math.max(-32768, Math.min(32767, Math.round(speech[i] + amp * noise[i])));
  return out;
}
