import { describe, expect, it } from 'vitest';
import { pairVerdict, wordDiff, wordErrors } from '../../../../src-shared/speech/word-errors.js';

describe('wordErrors: Levenshtein alignment over normalised words', () => {
  it('counts nothing when a number is said in digits and heard in words', () => {
    const e = wordErrors(
      'Your reference number is 415 555 1234.',
      'your reference number is four one five five five five one two three four',
    );
    expect(e).toMatchObject({ words: 14, substitutions: 0, deletions: 0, insertions: 0, errors: 0, rate: 0 });
    expect(e.digits).toEqual({ said: 10, kept: 10 });
    expect(e.diff).toEqual([{ op: 'same', text: 'your reference number is 4 1 5 5 5 5 1 2 3 4' }]);
  });

  it('counts substitutions, deletions and insertions exactly', () => {
    // said: hello thank you for calling (5); heard: hello tempt you for calling today
    const e = wordErrors('Hello, thank you for calling.', 'hello tempt you for calling today');
    expect(e).toMatchObject({ words: 5, substitutions: 1, deletions: 0, insertions: 1, errors: 2 });
    expect(e.rate).toBeCloseTo(0.4);
    expect(e.diff).toEqual([
      { op: 'same', text: 'hello' },
      { op: 'said', text: 'thank' },
      { op: 'heard', text: 'tempt' },
      { op: 'same', text: 'you for calling' },
      { op: 'heard', text: 'today' },
    ]);
    const gone = wordErrors('please cancel my appointment', 'please my appointment');
    expect(gone).toMatchObject({ deletions: 1, substitutions: 0, insertions: 0 });
    expect(gone.diff).toEqual([
      { op: 'same', text: 'please' },
      { op: 'said', text: 'cancel' },
      { op: 'same', text: 'my appointment' },
    ]);
  });

  it('can exceed 1 (more heard than said) and is null when nothing was said', () => {
    expect(wordErrors('yes', 'no no no').rate).toBe(3);
    expect(wordErrors('', 'hello').rate).toBeNull();
    expect(wordErrors('', '').errors).toBe(0);
  });

  it('counts digits lost', () => {
    const e = wordErrors('My card ends 7703', 'my card ends seven seven three');
    expect(e.digits).toEqual({ said: 4, kept: 3 });
  });

  it('wordDiff is the diff of wordErrors', () => {
    expect(wordDiff('A17', 'a seventeen')).toEqual([{ op: 'same', text: 'a 1 7' }]);
  });
});

describe('pairVerdict: what a word error count says about a TTS/STT pair', () => {
  it('a pair that hears', () => {
    const v = pairVerdict(
      wordErrors(
        'Your reference number is 415 555 1234, and your order is A17.',
        'your reference number is four one five five five five one two three four and your order is a seventeen',
      ),
    );
    expect(v).toEqual({ text: 'lost 0 of 21 words; digits kept', usable: true });
  });
  it('a pair that cannot check what a caller hears', () => {
    const v = pairVerdict(
      wordErrors(
        'Your reference number is 415 555 1234',
        'are you the results are you did it on concrete fifty five one thousand two hundred thirty far',
      ),
    );
    expect(v.usable).toBe(false);
    expect(v.text).toMatch(
      /^lost \d+ of 14 words .*; \d+ of 10 digits lost: this pair cannot check what a caller hears$/,
    );
  });
});
