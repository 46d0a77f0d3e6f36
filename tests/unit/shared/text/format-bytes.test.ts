import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../src-shared/text/format-bytes.js';

describe('formatBytes (the one size text)', () => {
  it('spells sizes one way: bytes, then KB/MB/GB with one decimal below 10', () => {
    expect(formatBytes(1000)).toBe('1000 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(540_000)).toBe('527 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(4.2 * 1024 ** 3)).toBe('4.2 GB');
  });
  it('shows an unknown size as the empty text', () => {
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(undefined, '—')).toBe('—');
  });
});
