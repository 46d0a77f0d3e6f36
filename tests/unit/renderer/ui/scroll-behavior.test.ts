import { describe, expect, it } from 'vitest';
import { scrollBehavior } from '../../../../src-renderer/ui/scroll-behavior.js';

describe('scrollBehavior', () => {
  it('jumps for people who asked for reduced motion and glides for the rest', () => {
    const asked: string[] = [];
    expect(scrollBehavior((q) => (asked.push(q), { matches: true }))).toBe('auto');
    expect(scrollBehavior(() => ({ matches: false }))).toBe('smooth');
    expect(asked).toEqual(['(prefers-reduced-motion: reduce)']);
  });
  it('glides where there is no matchMedia (a test runner without a window)', () => {
    expect(scrollBehavior(undefined)).toBe('smooth');
  });
});
