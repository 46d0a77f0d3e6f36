import { describe, expect, it } from 'vitest';
import { etaMs, fmtEta } from '../../../../../src-renderer/features/runs/page/run-eta.js';

describe('run ETA', () => {
  it('extrapolates the pace so far to the conversations left', () => {
    expect(etaMs(0, 60_000, 3, 12)).toBe(180_000);
    expect(fmtEta(180_000)).toBe('about 3 min left');
  });
  it('says nothing before the first conversation, without a total, or when done', () => {
    expect(etaMs(0, 10_000, 0, 12)).toBeNull();
    expect(etaMs(0, 10_000, 2, null)).toBeNull();
    expect(etaMs(0, 10_000, 12, 12)).toBeNull();
  });
  it('reads naturally at every scale', () => {
    expect(fmtEta(12_000)).toBe('about 10 s left');
    expect(fmtEta(2_000)).toBe('about 5 s left');
    expect(fmtEta(80 * 60_000)).toBe('about 1 h 20 min left');
  });
});
