import { describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '../../../../src-shared/schemas/index.js';
import { renderTranscript, stableWindowStart } from '../../../../src-main/engine/conversation/transcript-text.js';

const turns = (n: number): TranscriptTurn[] =>
  Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'caller' : 'agent', content: `line ${i}` }) as TranscriptTurn);

describe('stable transcript window', () => {
  it('starts at 0 until the window is full, then moves in quarter-window steps, never showing more than the window', () => {
    expect([10, 40].map((n) => stableWindowStart(n, 40))).toEqual([0, 0]);
    expect([41, 45, 50, 51, 60, 61].map((n) => stableWindowStart(n, 40))).toEqual([10, 10, 10, 20, 20, 30]);
    for (let n = 41; n < 200; n++) {
      const shown = n - stableWindowStart(n, 40);
      expect(shown).toBeLessThanOrEqual(40);
      expect(shown).toBeGreaterThan(30);
    }
  });

  it('consecutive renderings share their beginning between two steps (what a prefix cache keeps)', () => {
    const a = renderTranscript(turns(52), { lastTurns: 40, stableWindow: true });
    const b = renderTranscript(turns(58), { lastTurns: 40, stableWindow: true });
    expect(b.startsWith(a)).toBe(true);
    expect(a.split('\n')[0]).toBe('agent: line 20');
    // the sliding window (one turn at a time) changes its first line on every call
    const c = renderTranscript(turns(52), { lastTurns: 40 });
    const d = renderTranscript(turns(53), { lastTurns: 40 });
    expect(d.startsWith(c)).toBe(false);
  });
});
