import { describe, expect, it } from 'vitest';
import { NOISE_KINDS } from '../../../src-shared/schemas/perturbations.js';
import { dropoutsFor, lineIsRandom, throughLine } from '../../../src-main/speech/line.js';
import { makeNoise, mixNoise, rmsOf } from '../../../src-main/speech/noise.js';
import { samplesOf, wavOf } from '../../../src-main/speech/wav.js';

const tone = () => Int16Array.from({ length: 32000 }, (_, i) => Math.round(6000 * Math.sin(i / 5)));
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe('background noise of named kinds (seeded generators)', () => {
  it.each(NOISE_KINDS)('%s: RMS 1, the same for the same seed, other samples for another', (kind) => {
    const a = makeNoise(kind, 16000, 7);
    expect(rms(a)).toBeCloseTo(1, 6);
    expect(makeNoise(kind, 16000, 7)).toEqual(a);
    expect(makeNoise(kind, 16000, 8)).not.toEqual(a);
  });

  it('kinds differ in where their energy is: wind is low, white is flat (zero crossings per second)', () => {
    const crossings = (x: Float32Array) =>
      x.reduce((n, v, i) => n + (i && Math.sign(v) !== Math.sign(x[i - 1]) ? 1 : 0), 0);
    const n = 32000;
    expect(crossings(makeNoise('wind', n, 1))).toBeLessThan(crossings(makeNoise('babble', n, 1)));
    expect(crossings(makeNoise('babble', n, 1))).toBeLessThan(crossings(makeNoise('white', n, 1)));
  });

  it('mixes at the signal-to-noise ratio asked for (RMS over the clip)', () => {
    const speech = tone();
    for (const snr of [0, 10, 20]) {
      const mixed = mixNoise(speech, 'babble', snr, 3);
      const noise = Float32Array.from(mixed, (v, i) => v - speech[i]);
      expect(20 * Math.log10(rmsOf(speech) / rms(noise))).toBeCloseTo(snr, 1);
    }
  });
});

describe('the line: noise, phone band, dropouts', () => {
  it('dropouts: the expected count from the rate, at seeded places, silence in the audio', () => {
    expect(dropoutsFor(60_000, { per_minute: 6, ms: 200 }, 1)).toHaveLength(6);
    const d = dropoutsFor(2000, { per_minute: 60, ms: 100 }, 5);
    expect(d).toHaveLength(2);
    expect(dropoutsFor(2000, { per_minute: 60, ms: 100 }, 5)).toEqual(d);
    const { audio, dropouts } = throughLine(wavOf(tone()), { dropouts: { per_minute: 60, ms: 100 }, seed: 5 });
    expect(dropouts).toEqual(d);
    const s = samplesOf(audio);
    for (const x of d) {
      const from = Math.floor((x.at_ms / 1000) * 16000);
      expect(s.subarray(from, from + 1600).every((v) => v === 0)).toBe(true);
    }
  });

  it('same line and seed, same samples; another seed, other samples; only a random line is seeded', () => {
    const line = { phone: { noise: 0.05 }, noise: { kind: 'street' as const, snr_db: 10 }, seed: 11 };
    const a = throughLine(wavOf(tone()), line).audio;
    expect(throughLine(wavOf(tone()), line).audio.equals(a)).toBe(true);
    expect(throughLine(wavOf(tone()), { ...line, seed: 12 }).audio.equals(a)).toBe(false);
    expect(lineIsRandom(line)).toBe(true);
    expect(lineIsRandom({ phone: { noise: 0 }, seed: 1 })).toBe(false);
    expect(lineIsRandom(undefined)).toBe(false);
    const clean = wavOf(tone());
    expect(throughLine(clean, { seed: 3 }).audio).toBe(clean);
  });
});
