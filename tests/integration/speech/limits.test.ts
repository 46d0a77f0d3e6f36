/**
 * Time limits scaled to the work, in CPU time for local programs (issue 27): a program that computes past its
 * CPU budget is stopped, one that hangs is stopped by the wall-clock cap, each error naming the limit.
 */
import { describe, expect, it } from 'vitest';
import { createSpeechRegistry } from '../../../src-main/speech/index.js';
import { sttLimit, ttsLimit } from '../../../src-main/speech/budget.js';
import { wavOf } from '../../../src-main/speech/wav.js';

const tone = wavOf(Int16Array.from({ length: 16000 }, (_, i) => Math.round(5000 * Math.sin(i / 4))));

describe('speech time limits', () => {
  it('are scaled to the audio and to the text', () => {
    expect(sttLimit(3000)).toEqual({
      cpuMs: 16000,
      ms: 220000,
      why: '10 s + 2 x the 3.0 s of audio of CPU time; at most 220 s of wall-clock time',
    });
    expect(ttsLimit('x'.repeat(100))).toMatchObject({ cpuMs: 12000, ms: 180000 });
  });

  it('a program busy past its CPU budget is stopped, naming the budget', async () => {
    const stt = createSpeechRegistry().stt('command:sh -c "while :; do :; done" {in}');
    await expect(
      stt.stt(tone, { limit: { ms: 120_000, cpuMs: 300, why: 'a 0.3 s CPU test budget' } }),
    ).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('no answer within 0.3 s of CPU time (the time limit: a 0.3 s CPU test budget)'),
    });
  }, 130_000);

  it('a program that hangs (no CPU) is stopped by the wall-clock cap', async () => {
    const stt = createSpeechRegistry().stt('command:sh -c "sleep 30" {in}');
    await expect(stt.stt(tone, { limit: { ms: 400, cpuMs: 60_000, why: 'a test cap' } })).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('no answer within 0.4 s (the time limit: a test cap)'),
    });
  }, 30_000);
});
