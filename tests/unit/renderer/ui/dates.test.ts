import { describe, expect, it } from 'vitest';
import { shortDate } from '../../../../src-renderer/ui/dates.js';

const now = Date.parse('2026-11-24T16:00:00Z');

describe('shortDate', () => {
  it('is relative in the last hours', () => {
    expect(shortDate('2026-11-24T15:59:50Z', now, 'en-US')).toBe('just now');
    expect(shortDate('2026-11-24T15:55:00Z', now, 'en-US')).toBe('5 min. ago');
    expect(shortDate('2026-11-24T13:00:00Z', now, 'en-US')).toBe('3 hr. ago');
  });
  it("uses the locale's short form without the year of this year, and never seconds", () => {
    const us = shortDate('2026-03-02T09:05:07Z', now, 'en-US');
    expect(us).toMatch(/^Mar 2, \d{1,2}:05\s[AP]M$/);
    const gb = shortDate('2026-03-02T09:05:07Z', now, 'en-GB');
    expect(gb).toMatch(/^2 Mar, \d{1,2}:05$/);
    expect(shortDate('2025-03-02T09:05:07Z', now, 'en-US')).toContain('2025');
  });
  it('leaves a bad timestamp as it is', () => {
    expect(shortDate('yesterday', now)).toBe('yesterday');
  });
});
