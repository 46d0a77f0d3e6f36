/**
 * What happens to speech between the speaker and the recogniser (issue 27), in this order: background
 * noise of a named kind where the caller is (noise.ts), the phone line (8 kHz band limit plus line hiss:
 * phone-line.ts) and line dropouts (gaps of silence at seeded places). Every step is seeded, so the same
 * line and seed give the same samples.
 */
import type { NoiseKind } from '../../src-shared/schemas/perturbations.js';
import { mixNoise } from './noise.js';
import { throughPhoneLine } from './phone-line.js';
import { seeded, seedOf } from './seeded.js';
import { samplesOf, SPEECH_SAMPLE_RATE, wavOf } from './wav.js';

export interface LineSpec {
  /** The phone line: band limit, plus white hiss at this level x the speech's RMS (0: band limit only). */
  phone?: { noise: number };
  /** Background noise where the speaker is. */
  noise?: { kind: NoiseKind; snr_db: number };
  /** Gaps in the line: on average `per_minute` a minute, `ms` long each. */
  dropouts?: { per_minute: number; ms: number };
  /** Seed of every draw. */
  seed: number;
}

export interface Dropout {
  at_ms: number;
  ms: number;
}

/** True when the line adds anything random (then its seed decides the audio, and is part of a cache key). */
export function lineIsRandom(line: LineSpec | undefined): boolean {
  return !!line && ((line.phone?.noise ?? 0) > 0 || !!line.noise || (line.dropouts?.per_minute ?? 0) > 0);
}

/** Where the gaps fall in a clip of `audioMs`: the expected count's whole part, plus one more by chance for the rest. */
export function dropoutsFor(audioMs: number, d: { per_minute: number; ms: number }, seed: number): Dropout[] {
  if (d.per_minute <= 0 || audioMs <= d.ms) return [];
  const rnd = seeded(seed ^ 0x5bd1e995);
  const expected = (d.per_minute * audioMs) / 60_000;
  const count = Math.floor(expected) + (rnd() < expected - Math.floor(expected) ? 1 : 0);
  const out: Dropout[] = [];
  for (let k = 0; k < count; k++) out.push({ at_ms: Math.round(rnd() * (audioMs - d.ms)), ms: d.ms });
  return out.sort((a, b) => a.at_ms - b.at_ms);
}

/** The audio as the recogniser gets it, and the dropouts that were cut into it. */
export function throughLine(wav: Buffer, line: LineSpec | undefined): { audio: Buffer; dropouts: Dropout[] } {
  if (!line || (!line.phone && !line.noise && !line.dropouts)) return { audio: wav, dropouts: [] };
  let audio = wav;
  if (line.noise)
    audio = wavOf(mixNoise(samplesOf(audio), line.noise.kind, line.noise.snr_db, seedOf(`noise:${line.seed}`)));
  if (line.phone) audio = throughPhoneLine(audio, { noise: line.phone.noise, seed: line.seed });
  let dropouts: Dropout[] = [];
  if (line.dropouts) {
    const s = samplesOf(audio);
    dropouts = dropoutsFor((s.length / SPEECH_SAMPLE_RATE) * 1000, line.dropouts, line.seed);
    for (const d of dropouts) {
      const from = Math.floor((d.at_ms / 1000) * SPEECH_SAMPLE_RATE);
      s.fill(0, from, Math.min(s.length, from + Math.floor((d.ms / 1000) * SPEECH_SAMPLE_RATE)));
    }
    audio = wavOf(s);
  }
  return { audio, dropouts };
}
