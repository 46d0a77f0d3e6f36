/**
 * The default offline pair (issue 27): flite (voice rms) -> pocketsphinx, real Debian engines. It hears a
 * sentence of digits and a name within a stated word error rate; the same line, seed and noise give the same
 * audio and the same heard text (also from a fresh recogniser); time limits are named; the pool bounds the
 * recognisers; espeak-ng is still a choice, with the verdict that says how well a pair hears.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { speechTest } from '../../../src-main/app/speech/speech-test.js';
import {
  closeRecognisers,
  createSpeechRegistry,
  PocketsphinxStt,
  SpeechLines,
  SpeechPool,
  throughLine,
  type HeardLine,
  type LineOutcome,
} from '../../../src-main/speech/index.js';

const reg = createSpeechRegistry();
const heardOf = (o: LineOutcome) => {
  if ('not_spoken' in o) throw new Error('not spoken');
  return o as HeardLine;
};

afterAll(() => closeRecognisers());

describe('flite -> pocketsphinx, the default pair', () => {
  it('hears a sentence with a name and ten digits within 10% word error rate, digits kept', async () => {
    const out = await speechTest({ text: 'My name is John Smith and my phone number is 415 555 1234.' });
    expect(out.tts).toMatchObject({ engine: 'command', preset: 'flite' });
    expect(out.stt).toMatchObject({ engine: 'command', preset: 'pocketsphinx' });
    expect(out.word_errors.words).toBe(20);
    expect(out.word_error_rate).toBeLessThanOrEqual(0.1);
    expect(out.digits.said).toBe(10);
    expect(out.digits.kept).toBeGreaterThanOrEqual(9);
    expect(out.heard).toMatch(/john smith/i);
    expect(out.usable).toBe(true);
    expect(out.verdict).toMatch(/^lost [0-2] of 20 words/);
  }, 120_000);

  it('the same line, seed and noise: the same audio and the same heard text, from a fresh recogniser too', async () => {
    const lines = new SpeechLines(reg.tts('flite'), reg.stt('pocketsphinx'), { pool: new SpeechPool(1) });
    const line = {
      text: 'Your appointment is on Tuesday at 10:00.',
      voice: 'slt',
      line: {
        noise: { kind: 'babble' as const, snr_db: 15 },
        dropouts: { per_minute: 20, ms: 80 },
        phone: { noise: 0.02 },
        seed: 42,
      },
    };
    const a = heardOf(await lines.hear(line, { owner: 'a' }));
    closeRecognisers();
    const b = heardOf(await lines.hear(line, { owner: 'b' }));
    expect(b.heard).toBe(a.heard);
    expect(b.dropouts).toEqual(a.dropouts);
    expect(b.audio_ms).toBe(a.audio_ms);
    // the audio itself: same synthesis through the same seeded line, byte for byte
    const spoken = await reg.tts('flite').tts(line.text, 'slt');
    const again = await reg.tts('flite').tts(line.text, 'slt');
    expect(throughLine(spoken.audio, line.line).audio.equals(throughLine(again.audio, line.line).audio)).toBe(true);
    expect(
      throughLine(spoken.audio, { ...line.line, seed: 43 }).audio.equals(throughLine(spoken.audio, line.line).audio),
    ).toBe(false);
  }, 180_000);

  it('a speaking rate changes the audio: slower is longer', async () => {
    const tts = reg.tts('flite');
    const slow = await tts.tts('Please cancel my appointment.', 'rms', { rate: 0.8 });
    const fast = await tts.tts('Please cancel my appointment.', 'rms', { rate: 1.25 });
    expect(slow.audio.length).toBeGreaterThan(fast.audio.length * 1.3);
  }, 60_000);

  it('a recogniser over its time limit is stopped, the error names the limit, and the next call starts a fresh one', async () => {
    const stt = reg.stt('pocketsphinx') as PocketsphinxStt;
    const { audio } = await reg.tts('flite').tts('One moment while I check the calendar.');
    await expect(stt.stt(audio, { limit: { ms: 1, why: 'a 1 ms test limit' } })).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining(
        'stt engine pocketsphinx (pocketsphinx_batch): no answer within 0.0 s (the time limit: a 1 ms test limit)',
      ),
    });
    const ok = await stt.stt(audio);
    expect(ok.text).toMatch(/moment/);
  }, 120_000);

  it('recognisers are bounded by the speech workers, and reused', async () => {
    const pool = new SpeechPool(2);
    const stt = new PocketsphinxStt(
      {
        engine: 'command',
        argv: (reg.stt('pocketsphinx') as PocketsphinxStt).cspec.argv,
        preset: 'pocketsphinx',
        raw: 'pocketsphinx',
      },
      () => pool.workers,
    );
    const { audio } = await reg.tts('flite').tts('Yes, that is right.');
    let most = 0;
    const texts = await Promise.all(
      [1, 2, 3, 4].map(() =>
        stt.stt(audio).then((r) => {
          most = Math.max(most, stt.running);
          return r.text;
        }),
      ),
    );
    expect(new Set(texts).size).toBe(1);
    expect(most).toBeLessThanOrEqual(2);
    expect(stt.running).toBeLessThanOrEqual(2);
    stt.close();
  }, 180_000);
});

describe('the verdict says what a pair can check', () => {
  it('a sentence nothing can be heard of (a pair that hears only noise) is not usable', async () => {
    // a "recogniser" that always hears the same unrelated words: the verdict says it cannot check a caller
    const out = await speechTest({
      tts: 'flite',
      // (no {in}: the audio goes to stdin, which echo ignores; a temp path could hold digits)
      stt: 'command:echo the weather is nice today',
      text: 'Your reference number is 415 555 1234',
    });
    expect(out.usable).toBe(false);
    expect(out.verdict).toMatch(/: this pair cannot check what a caller hears$/);
    expect(out.verdict).toMatch(/10 of 10 digits lost/);
  }, 60_000);
});
