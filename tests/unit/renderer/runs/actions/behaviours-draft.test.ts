import { describe, expect, it } from 'vitest';
import { CallerPerturbations } from '../../../../../src-shared/schemas/perturbations.js';
import {
  behavioursProblems,
  NO_BEHAVIOURS,
  perturbationsOf,
} from '../../../../../src-renderer/features/runs/actions/behaviours-draft.js';

describe("the New run dialog's caller behaviours", () => {
  it('all empty: no option sent, no problem', () => {
    expect(perturbationsOf(NO_BEHAVIOURS)).toBeUndefined();
    expect(behavioursProblems(NO_BEHAVIOURS, false)).toEqual([]);
  });

  it('what is typed becomes the run option the schema accepts (chances in percent, 100% when empty)', () => {
    const p = perturbationsOf({
      ...NO_BEHAVIOURS,
      bargeInWords: '5',
      bargeInChance: '30',
      silenceSeconds: '8',
      noise: 'street',
      noiseSnr: '10',
      dropoutsPerMinute: '4',
      rate: '1.25',
    });
    expect(p).toEqual({
      barge_in: { after_words: 5, probability: 0.3 },
      silence: { seconds: 8, probability: 1 },
      noise: { kind: 'street', snr_db: 10 },
      dropouts: { per_minute: 4, ms: 200 },
      rate: 1.25,
    });
    expect(CallerPerturbations.parse(p)).toEqual(p);
  });

  it('says what is wrong: numbers out of range, audio behaviours on a text run', () => {
    expect(
      behavioursProblems({ ...NO_BEHAVIOURS, bargeInWords: '2.5', silenceChance: '150', rate: '3' }, true),
    ).toEqual(['barge-in: after a whole number of words', 'chance per turn: 0 to 100%', 'speaking rate: 0.5 to 2']);
    expect(behavioursProblems({ ...NO_BEHAVIOURS, noise: 'babble' }, false)).toEqual([
      'noise, dropouts and speaking rate change the caller\'s audio: turn on "Caller through speech recognition"',
    ]);
  });
});
