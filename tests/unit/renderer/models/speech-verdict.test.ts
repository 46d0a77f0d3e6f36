import { describe, expect, it } from 'vitest';
import { speechVerdict } from '../../../../src-renderer/features/models/speech-verdict.js';

describe('the Speech test verdict in words', () => {
  it('says a pair that lost most words is not usable', () => {
    const v = speechVerdict([
      { op: 'same', text: 'your' },
      { op: 'said', text: 'reference number is four' },
      { op: 'heard', text: 'reverence' },
    ]);
    expect(v).toEqual({ text: 'this pair lost 4 of 5 words: not usable to check what a caller hears', usable: false });
  });
  it('says a pair that kept every word is usable, and grades the ones between', () => {
    expect(speechVerdict([{ op: 'same', text: 'one two three' }]).text).toBe(
      'this pair kept every word (3 of 3): usable to check what a caller hears',
    );
    const some = speechVerdict([
      { op: 'same', text: 'a b c d e f g' },
      { op: 'said', text: 'h i' },
      { op: 'heard', text: 'x' },
    ]);
    expect(some.text).toMatch(/^this pair lost 2 of 9 words: usable with care/);
    expect(some.usable).toBe(true);
  });
});
