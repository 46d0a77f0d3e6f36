import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../../src-shared/text/duration.js';

describe('formatDuration', () => {
  it('reads milliseconds, seconds, minutes and hours', () => {
    expect(formatDuration(340)).toBe('340 ms');
    expect(formatDuration(12_500)).toBe('12.5 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(2 * 3_600_000 + 3 * 60_000)).toBe('2 h 3 min');
  });
  it('rounds once, so a minute never shows 60 seconds', () => {
    expect(formatDuration(119_600)).toBe('2 min');
    expect(formatDuration(59_970)).toBe('1 min');
    expect(formatDuration(3_599_700)).toBe('1 h');
    expect(formatDuration(999.6)).toBe('1.0 s');
  });
  it('shows an unknown duration as the empty text', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined, '-')).toBe('-');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
  });
});
