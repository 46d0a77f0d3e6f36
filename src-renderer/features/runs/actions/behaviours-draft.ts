import { NOISE_KINDS, type CallerPerturbations, type NoiseKind } from '../../../../src-shared/schemas/perturbations.js';

/**
 * What the New run dialog holds for the callers' phone behaviours (issue 38, item 5): strings as typed, so a half
 * typed number is shown as a problem instead of lost. Empty means off. Percentages are per caller turn.
 */
export interface BehavioursDraft {
  bargeInWords: string;
  bargeInChance: string;
  silenceSeconds: string;
  silenceChance: string;
  noise: NoiseKind | '';
  noiseSnr: string;
  dropoutsPerMinute: string;
  rate: string;
}

export const NO_BEHAVIOURS: BehavioursDraft = {
  bargeInWords: '',
  bargeInChance: '',
  silenceSeconds: '',
  silenceChance: '',
  noise: '',
  noiseSnr: '15',
  dropoutsPerMinute: '',
  rate: '',
};

export { NOISE_KINDS };

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
const chanceOf = (s: string) => {
  const n = num(s);
  return n === undefined ? 1 : n / 100;
};

/** What keeps the behaviours from being sent, in words (empty: none). */
export function behavioursProblems(d: BehavioursDraft, callerSpeech: boolean): string[] {
  const out: string[] = [];
  const bad = (s: string, lo: number, hi: number) => {
    const n = num(s);
    return n !== undefined && !(Number.isFinite(n) && n >= lo && n <= hi);
  };
  if (bad(d.bargeInWords, 0, 10_000) || (d.bargeInWords.trim() && !Number.isInteger(Number(d.bargeInWords))))
    out.push('barge-in: after a whole number of words');
  if (bad(d.bargeInChance, 0, 100) || bad(d.silenceChance, 0, 100)) out.push('chance per turn: 0 to 100%');
  if (bad(d.silenceSeconds, 0.1, 300)) out.push('silence: 0.1 to 300 seconds');
  if (d.noise && bad(d.noiseSnr, -10, 60)) out.push('noise: a signal-to-noise ratio from -10 to 60 dB');
  if (bad(d.dropoutsPerMinute, 0, 120)) out.push('dropouts: 0 to 120 a minute');
  if (bad(d.rate, 0.5, 2)) out.push('speaking rate: 0.5 to 2');
  const audio = d.noise || d.dropoutsPerMinute.trim() || d.rate.trim();
  if (audio && !callerSpeech)
    out.push(
      'noise, dropouts and speaking rate change the caller\'s audio: turn on "Caller through speech recognition"',
    );
  return out;
}

/** The run option `perturbations`, or undefined when every behaviour is off (call after behavioursProblems). */
export function perturbationsOf(d: BehavioursDraft): CallerPerturbations | undefined {
  const p: CallerPerturbations = {};
  const words = num(d.bargeInWords);
  if (words !== undefined) p.barge_in = { after_words: words, probability: chanceOf(d.bargeInChance) };
  const seconds = num(d.silenceSeconds);
  if (seconds !== undefined) p.silence = { seconds, probability: chanceOf(d.silenceChance) };
  if (d.noise) p.noise = { kind: d.noise, snr_db: num(d.noiseSnr) ?? 15 };
  const drops = num(d.dropoutsPerMinute);
  if (drops !== undefined) p.dropouts = { per_minute: drops, ms: 200 };
  const rate = num(d.rate);
  if (rate !== undefined) p.rate = rate;
  return Object.keys(p).length ? p : undefined;
}
