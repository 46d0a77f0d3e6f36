import { regexFindings, type Finding, type Recogniser } from './types.js';

// Digits with optional + and separators: 10 to 15 digits, or a 7-digit local number written 555-1234.
const DIGIT_PHONE = /(?<![\w+])\+?\(?\d(?:[\d\s().-]{5,20})\d(?![\w])/g;
const LOCAL = /(?<!\d)\d{3}[-. ]\d{4}(?!\d)/g;

const DIGIT_WORDS: Record<string, number> = {
  zero: 1,
  oh: 1,
  o: 1,
  one: 1,
  two: 1,
  three: 1,
  four: 1,
  five: 1,
  six: 1,
  seven: 1,
  eight: 1,
  nine: 1,
};

/** A run of spoken digits ("four one five, five five five ...", "double five"): 7 or more digits. */
function spokenPhones(text: string): Finding[] {
  const out: Finding[] = [];
  const word = /[A-Za-z]+|\d+/g;
  let runStart = -1;
  let runEnd = -1;
  let digits = 0;
  let pendingDouble = false;
  let lastEnd = -1;
  const close = () => {
    if (digits >= 7) out.push({ kind: 'phone', start: runStart, end: runEnd });
    runStart = -1;
    digits = 0;
    pendingDouble = false;
  };
  for (const m of text.matchAll(word)) {
    const w = m[0].toLowerCase();
    const gap = lastEnd < 0 ? '' : text.slice(lastEnd, m.index);
    if (runStart >= 0 && !/^[\s,.-]*$/.test(gap)) close();
    lastEnd = m.index + m[0].length;
    const isDigitWord = w in DIGIT_WORDS && !(w === 'o' && runStart < 0);
    const isNumber = /^\d{1,4}$/.test(w) && runStart >= 0;
    if (w === 'double' || w === 'triple') {
      if (runStart < 0) runStart = m.index;
      pendingDouble = true;
      continue;
    }
    if (isDigitWord || isNumber) {
      if (runStart < 0) runStart = m.index;
      digits += isNumber ? w.length : pendingDouble ? 2 : 1;
      pendingDouble = false;
      runEnd = lastEnd;
      continue;
    }
    if (runStart >= 0) close();
  }
  if (runStart >= 0) close();
  return out;
}

/** Phone numbers: digits (with +, spaces, dots, dashes, brackets) and digits spoken as words. */
export const findPhones: Recogniser = (text) => {
  const out = regexFindings(text, DIGIT_PHONE, 'phone', (m) => {
    const n = m[0].replace(/\D/g, '').length;
    return n >= 10 && n <= 15;
  });
  out.push(...regexFindings(text, LOCAL, 'phone'));
  out.push(...spokenPhones(text));
  return out;
};
