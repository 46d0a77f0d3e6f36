import { describe, expect, it } from 'vitest';
import { normaliseText, normaliseWords } from '../../../../src-shared/speech/normalise.js';

describe('normaliseWords: said and heard compared as speech people compare them', () => {
  it.each([
    ['415', '4 1 5'],
    ['four one five', '4 1 5'],
    ['four hundred fifteen', '4 1 5'],
    ['four hundred and fifteen', '4 1 5'],
    ['Your reference number is 415 555 1234.', 'your reference number is 4 1 5 5 5 5 1 2 3 4'],
    [
      'your reference number is four one five five five five one two three four',
      'your reference number is 4 1 5 5 5 5 1 2 3 4',
    ],
    ['fifty five', '5 5'],
    ['one thousand two hundred thirty four', '1 2 3 4'],
    ['1,234', '1 2 3 4'],
    ['nineteen eighty five', '1 9 8 5'],
    ['two thousand twenty five', '2 0 2 5'],
    ['nine hundred eleven', '9 1 1'],
    ['one thousand six hundred', '1 6 0 0'],
    ['four oh five', '4 0 5'],
    ['double five', '5 5'],
    ['twenty first', '2 1'],
    ['the 2nd of July', 'the 2 of july'],
    ['the second of july', 'the 2 of july'],
    ['ninety-nine', '9 9'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });

  it('splits codes into letters and digits, keeping all-letter words whole', () => {
    expect(normaliseText('The order number is A17.')).toBe('the order number is a 1 7');
    expect(normaliseText('the order number is a seventeen')).toBe('the order number is a 1 7');
    expect(normaliseText('Your confirmation number is MS-2041.')).toBe('your confirmation number is m s 2 0 4 1');
    expect(normaliseText('your confirmation number is m s twenty forty one')).toBe(
      'your confirmation number is m s 2 0 4 1',
    );
    expect(normaliseText('Please say your PIN')).toBe('please say your pin');
  });

  it('expands contractions, drops punctuation, case and fillers', () => {
    expect(normaliseWords("Yes, that's right.")).toEqual(['yes', 'that', 'is', 'right']);
    expect(normaliseWords("No, I don't think so!")).toEqual(['no', 'i', 'do', 'not', 'think', 'so']);
    expect(normaliseWords('I’m transferring you; we’ll call back.')).toEqual([
      'i',
      'am',
      'transferring',
      'you',
      'we',
      'will',
      'call',
      'back',
    ]);
    expect(normaliseWords("I can't, um, it won't work")).toEqual(['i', 'can', 'not', 'it', 'will', 'not', 'work']);
    expect(normaliseWords('OK, alright')).toEqual(['okay', 'all', 'right']);
    expect(normaliseWords("John's car")).toEqual(['johns', 'car']);
  });

  it('says money, times and percentages the way they are spoken', () => {
    expect(normaliseText('The total comes to $42.50.')).toBe('the total comes to 4 2 dollars 5 0 cents');
    expect(normaliseText('the total comes to forty two dollars fifty cents')).toBe(
      'the total comes to 4 2 dollars 5 0 cents',
    );
    expect(normaliseText('$0.99')).toBe('9 9 cents');
    expect(normaliseText('Tuesday at 10:00')).toBe('tuesday at 1 0');
    expect(normaliseText('tuesday at ten o’clock')).toBe('tuesday at 1 0');
    expect(normaliseText('at 10:30')).toBe('at 1 0 3 0');
    expect(normaliseText('at ten thirty')).toBe('at 1 0 3 0');
    expect(normaliseText('5% off')).toBe('5 percent off');
    expect(normaliseText('4.5 stars')).toBe('4 point 5 stars');
  });

  it('keeps words that are not numbers out of number runs', () => {
    expect(normaliseText('oh hello')).toBe('oh hello');
    expect(normaliseText('bread and butter')).toBe('bread and butter');
    expect(normaliseText('one hundred and five')).toBe('1 0 5');
    expect(normaliseText('')).toBe('');
    expect(normaliseText('  ...  ')).toBe('');
  });
});
