import { describe, expect, it } from 'vitest';
import { noun, plural } from '../../../../src-shared/text/plural.js';

describe('plural', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'turn')).toBe('1 turn');
    expect(plural(0, 'turn')).toBe('0 turns');
    expect(plural(4, 'new test')).toBe('4 new tests');
    expect(plural(2, 'conversation')).toBe('2 conversations');
  });
  it('takes an irregular plural and groups thousands', () => {
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
    expect(plural(1200, 'call')).toBe('1,200 calls');
  });
  it('gives the noun alone for a count printed elsewhere', () => {
    expect(noun(1, 'test')).toBe('test');
    expect(noun(5, 'test')).toBe('tests');
  });
});
