/**
 * One normaliser for what was said and what was heard, as speech people compare them before counting word
 * errors: lower case, no punctuation, contractions expanded ("that's" -> "that is"), fillers dropped ("um"),
 * codes split into letters and digits ("A17" -> "a 1 7", "MS-2041" -> "m s 2 0 4 1"), money, times and
 * ordinals spelled the way they are said, and every run of numbers, in digits or in words, written as single
 * digits: "415", "four one five" and "four hundred fifteen" all become "4 1 5". Pure, shared by the main
 * process (word error rates stored with a run) and the renderer (the said/heard diff).
 */
import { numberWordsToDigits } from './number-words.js';

const CONTRACTIONS: Record<string, string> = {
  "can't": 'can not',
  cannot: 'can not',
  "won't": 'will not',
  "shan't": 'shall not',
  "ain't": 'is not',
  "let's": 'let us',
  "i'm": 'i am',
  "it's": 'it is',
  "that's": 'that is',
  "there's": 'there is',
  "here's": 'here is',
  "what's": 'what is',
  "where's": 'where is',
  "who's": 'who is',
  "how's": 'how is',
  "he's": 'he is',
  "she's": 'she is',
  "y'all": 'you all',
};

/** Suffix contractions after any word: "n't", "'re", "'ve", "'ll", "'d". */
const SUFFIXES: [RegExp, string][] = [
  [/n't$/, ' not'],
  [/'re$/, ' are'],
  [/'ve$/, ' have'],
  [/'ll$/, ' will'],
  [/'d$/, ' would'],
];

const SPELLINGS: Record<string, string> = {
  ok: 'okay',
  alright: 'all right',
  mr: 'mister',
  mrs: 'missus',
  dr: 'doctor',
  percent: 'percent',
};

/** Hesitations and fillers a recogniser may or may not write (Whisper's English normaliser drops the same). */
const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'er', 'erm', 'hmm', 'mm', 'mhm']);

const CURRENCY: Record<string, [string, string]> = {
  $: ['dollars', 'cents'],
  '£': ['pounds', 'pence'],
  '€': ['euros', 'cents'],
};

/** Money, times, percentages, ordinals and grouped digits, rewritten the way they are said (before tokenising). */
function spellSymbols(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(/[\u2018\u2019\u02bc`]/g, "'")
      .replace(/\b(o)\.(k)\./gi, 'okay')
      .replace(/([$£€])\s?(\d[\d,]*)(?:\.(\d{1,2}))?/g, (_m, sym: string, whole: string, cents?: string) => {
        const [unit, sub] = CURRENCY[sym];
        const n = whole.replace(/,/g, '');
        if (!cents) return ` ${n} ${unit} `;
        return /^0+$/.test(n) ? ` ${cents} ${sub} ` : ` ${n} ${unit} ${cents} ${sub} `;
      })
      // 10:00 is said "ten", 10:30 "ten thirty"
      .replace(/\b(\d{1,2}):(\d{2})\b/g, (_m, h: string, mm: string) => (mm === '00' ? ` ${h} ` : ` ${h} ${mm} `))
      .replace(/(\d)\s?%/g, '$1 percent')
      .replace(/\b(\d+)(st|nd|rd|th)\b/gi, '$1')
      .replace(/\b\d{1,3}(?:,\d{3})+\b/g, (m) => m.replace(/,/g, ''))
      .replace(/(\d)\.(\d)/g, '$1 point $2')
      .replace(/&/g, ' and ')
      .replace(/@/g, ' at ')
      .replace(/\+/g, ' plus ')
      .replace(/\bo'clock\b/gi, ' ')
  );
}

/** One raw token (split on spaces) as words: codes with letters and digits become single characters. */
function wordsOfToken(raw: string): string[] {
  const t = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!t) return [];
  const bare = t.replace(/[-./]/g, '');
  if (/\p{N}/u.test(bare) && /\p{L}/u.test(bare) && /^[\p{L}\p{N}]+$/u.test(bare)) return [...bare];
  return t
    .split(/[^\p{L}\p{N}']+/u)
    .flatMap(expandWord)
    .filter(Boolean);
}

function expandWord(w: string): string[] {
  const word = w.replace(/^'+|'+$/g, '');
  if (!word) return [];
  const whole = CONTRACTIONS[word];
  if (whole) return whole.split(' ');
  for (const [re, rep] of SUFFIXES)
    if (re.test(word)) return word.replace(re, rep).replace(/'/g, '').split(' ').filter(Boolean);
  return [word.replace(/'/g, '')];
}

/** The normalised words of a text (see the file comment). */
export function normaliseWords(text: string): string[] {
  const words = spellSymbols(text)
    .toLowerCase()
    .split(/\s+/)
    .flatMap(wordsOfToken)
    .flatMap((w) => (SPELLINGS[w] ?? w).split(' '))
    .filter((w) => !FILLERS.has(w));
  return numberWordsToDigits(words);
}

/** The normalised text (words joined by single spaces). */
export function normaliseText(text: string): string {
  return normaliseWords(text).join(' ');
}

/** True for a normalised token that is one digit. */
export const isDigitWord = (w: string): boolean => /^\d$/.test(w);
