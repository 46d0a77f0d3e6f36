import { describe, expect, it } from 'vitest';
import { conversationWer, formatWer, runWer } from '../../../../src-shared/speech/wer-summary.js';
import type { TranscriptTurn } from '../../../../src-shared/schemas/run.js';

const turn = (
  role: 'agent' | 'caller',
  words: number,
  substitutions: number,
  deletions = 0,
  insertions = 0,
): TranscriptTurn => ({
  role,
  content: 'x',
  speech: { word_errors: { words, substitutions, deletions, insertions } },
});

describe('word error rates over conversations and runs', () => {
  it('pools the words of a conversation, one direction at a time', () => {
    const t = [
      turn('agent', 10, 1),
      turn('caller', 4, 2),
      turn('agent', 10, 0, 1, 1),
      { role: 'agent', content: 'y' } as TranscriptTurn,
    ];
    expect(conversationWer(t, 'agent')).toEqual({ turns: 2, words: 20, errors: 3, rate: 0.15 });
    expect(conversationWer(t, 'caller')).toEqual({ turns: 1, words: 4, errors: 2, rate: 0.5 });
    expect(conversationWer([], 'agent')).toBeNull();
  });

  it('a run: pooled rate, 95% interval from the spread between conversations', () => {
    const results = [
      { transcript: [turn('agent', 10, 1)] },
      { transcript: [turn('agent', 10, 3)] },
      { transcript: [turn('agent', 20, 2)] },
    ];
    const w = runWer(results, 'agent')!;
    expect(w).toMatchObject({ turns: 3, words: 40, errors: 6, rate: 0.15, conversations: 3 });
    // residuals e - R n: 1-1.5, 3-1.5, 2-3 -> 0.25 + 2.25 + 1 = 3.5; se = sqrt(3/2 * 3.5) / 40
    const se = Math.sqrt(1.5 * 3.5) / 40;
    expect(w.low).toBeCloseTo(0.15 - 1.959963984540054 * se, 12);
    expect(w.high).toBeCloseTo(0.15 + 1.959963984540054 * se, 12);
    expect(formatWer(w)).toBe(
      `15.0% (${((0.15 - 1.96 * se) * 100).toFixed(1)}-${((0.15 + 1.96 * se) * 100).toFixed(1)}%, 3 conversations, 40 words)`,
    );
  });

  it('one conversation has no interval; no spoken turn gives null', () => {
    const w = runWer([{ transcript: [turn('caller', 8, 2)] }], 'caller')!;
    expect(w).toMatchObject({ rate: 0.25, low: null, high: null, conversations: 1 });
    expect(formatWer(w)).toBe('25.0% (1 conversation, 8 words)');
    expect(runWer([{ transcript: [] }], 'agent')).toBeNull();
  });
});
