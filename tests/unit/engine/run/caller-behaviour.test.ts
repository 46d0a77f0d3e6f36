import { describe, expect, it } from 'vitest';
import { Persona, TestCase } from '../../../../src-shared/schemas/index.js';
import { callerRate, callerSetup, callerVoice, wordEnds } from '../../../../src-main/engine/run/caller-behaviour.js';

const flite = {
  voices: ['rms', 'slt', 'awb', 'kal16'],
  accents: { american: ['rms', 'slt', 'kal16'], scottish: ['awb'] },
};

describe('a caller set-up: test over persona over the persona form', () => {
  const persona = Persona.parse({
    name: 'Morag',
    personality: { pace: 'slow', accent: 'scottish', line_quality: 'noisy' },
    behaviours: { interrupts: true },
    perturbations: { dropouts: { per_minute: 3, ms: 200 } },
  });

  it('with caller speech the form choices become behaviours; the persona and then the test win key by key', () => {
    const test = TestCase.parse({ name: 't', persona, perturbations: { noise: { kind: 'music', snr_db: 5 } } });
    const s = callerSetup(test, 0, 0, undefined, { callerSpeech: true });
    expect(s.perturbations).toEqual({
      noise: { kind: 'music', snr_db: 5 },
      barge_in: { probability: 1 / 3, after_ms: 1500 },
      dropouts: { per_minute: 3, ms: 200 },
    });
    expect(callerRate(s)).toBe(0.8);
    expect(callerVoice(flite, s)).toBe('awb');
    // a text run keeps the form's choices as instructions only
    expect(callerSetup(test, 0, 0).perturbations).toEqual({
      noise: { kind: 'music', snr_db: 5 },
      dropouts: { per_minute: 3, ms: 200 },
    });
  });

  it("the run's behaviours are the lowest layer: the persona's and then the test's win key by key", () => {
    const test = TestCase.parse({ name: 't', persona, perturbations: { noise: { kind: 'music', snr_db: 5 } } });
    const run = { noise: { kind: 'white' as const, snr_db: 30 }, silence: { turns: [2], seconds: 3 }, rate: 1.1 };
    expect(callerSetup(test, 0, 0, undefined, { run }).perturbations).toEqual({
      noise: { kind: 'music', snr_db: 5 },
      silence: { turns: [2], seconds: 3 },
      rate: 1.1,
      dropouts: { per_minute: 3, ms: 200 },
    });
    expect(callerSetup(TestCase.parse({ name: 'plain' }), 0, 0, undefined, { run }).perturbations).toEqual(run);
  });

  it('seeds from the run seed, the test and the repeat (never the result id), or the seed given', () => {
    const t = TestCase.parse({ name: 'booking' });
    expect(callerSetup(t, 0, 0).seed).toBe(callerSetup(t, 0, 0).seed);
    expect(callerSetup(t, 1, 0).seed).not.toBe(callerSetup(t, 0, 0).seed);
    expect(callerSetup(t, 0, 9).seed).not.toBe(callerSetup(t, 0, 0).seed);
    const seeded = TestCase.parse({ name: 'booking', perturbations: { seed: 9 } });
    expect(callerSetup(seeded, 0, 0).seed).toBe(callerSetup(t, 0, 9).seed);
  });

  it("a voice: the one named; else one with the accent; else any but the agent's, stable per caller", () => {
    const s = (p: Record<string, unknown>, who = 'Sam') => ({ perturbations: p, who, persona: undefined });
    expect(callerVoice(flite, s({ voice: 'kal16' }))).toBe('kal16');
    const any = callerVoice(flite, s({}));
    expect(['slt', 'awb', 'kal16']).toContain(any);
    expect(callerVoice(flite, s({}))).toBe(any);
    expect(callerVoice({ voices: [], accents: {} }, s({}))).toBeUndefined();
    const american = Persona.parse({ name: 'Al', personality: { accent: 'american' } });
    expect(flite.accents.american).toContain(callerVoice(flite, { perturbations: {}, who: 'Al', persona: american }));
    // an accent the engine has no voice for: any caller voice
    const british = Persona.parse({ name: 'Bea', personality: { accent: 'british' } });
    expect(['slt', 'awb', 'kal16']).toContain(callerVoice(flite, { perturbations: {}, who: 'Bea', persona: british }));
  });

  it('word end times share the line out by characters', () => {
    expect(wordEnds('ab cd', 1000)).toEqual([500, 1000]);
    expect(wordEnds('a bcd', 600)).toEqual([200, 600]);
  });
});
