import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';

describe('formatDuration', () => {
  it('reads each range in its own unit, rounded once', () => {
    expect(formatDuration(850.4)).toBe('850 ms');
    expect(formatDuration(4_249)).toBe('4.2 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 min');
    expect(formatDuration(119_600)).toBe('2 min');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(3_599_600)).toBe('1 h');
    expect(formatDuration(7_380_000)).toBe('2 h 3 min');
  });

  it('never says "60 s" after minutes', () => {
    for (let ms = 60_000; ms < 3_600_000; ms += 499) expect(formatDuration(ms)).not.toMatch(/\b60 s/);
  });

  it('rounds a value just under a second up into seconds', () => {
    expect(formatDuration(999.6)).toBe('1.0 s');
    expect(formatDuration(12_500)).toBe('12.5 s');
  });

  it('has no reading for what is not a duration: the empty text', () => {
    expect(formatDuration(NaN)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined, '-')).toBe('-');
  });
});
