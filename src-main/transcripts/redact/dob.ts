import type { Finding, Recogniser } from './types.js';

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const ORD_UNITS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth';
const TEENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const ORD_TEENS = 'tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
// "14", "14th", "fourteenth", "twenty-first", "thirty first"
const DAY = `(?:\\d{1,2}(?:st|nd|rd|th)?|(?:twenty|thirty)[- ](?:${ORD_UNITS})|twentieth|thirtieth|${ORD_TEENS}|${ORD_UNITS})`;
// "1985", "nineteen eighty-five", "nineteen oh five", "two thousand and three", "two thousand three"
const YEAR = `(?:(?:19|20)\\d\\d|nineteen[- ](?:(?:${TENS})(?:[- ](?:${UNITS}))?|(?:oh|o)[- ](?:${UNITS})|${TEENS})|two thousand(?: and)?(?:[- ](?:${UNITS}|${TEENS}))?|twenty[- ](?:oh[- ](?:${UNITS})|${TEENS}|(?:${TENS})(?:[- ](?:${UNITS}))?))`;

const SEP = '[ ,]+(?:of[ ]+)?';
const WORD_DATES = [
  new RegExp(`\\b${MONTH}[ ]+(?:the[ ]+)?${DAY}(?:,)?[ ]+(?:in[ ]+)?${YEAR}\\b`, 'gi'),
  new RegExp(`\\b(?:the[ ]+)?${DAY}${SEP}${MONTH}(?:,)?[ ]+${YEAR}\\b`, 'gi'),
];
const DIGIT_DATE =
  /(?<![\d/.-])(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|(?:19|20)\d\d-\d{1,2}-\d{1,2})(?![\d/-]|\.\d)/g;
const CONTEXT = /\b(?:born|birth|dob|d\.o\.b|birthday|birthdate|b-day)\b/i;

/** A 4-digit year in a match when written in digits (spoken years are checked by their context). */
function digitYear(s: string): number | null {
  const m = /(?:^|\D)((?:19|20)\d\d)(?:\D|$)/.exec(s);
  if (m) return Number(m[1]);
  const short = /[/.-](\d{2})$/.exec(s);
  return short ? Number(short[1]) + (Number(short[1]) > 30 ? 1900 : 2000) : null;
}

/**
 * Dates of birth, in words ("March 14th, 1985", "the fourteenth of March nineteen eighty-five") or digits
 * (03/14/1985, 1985-03-14): a full date near "born" / "date of birth" / "DOB" / "birthday", or any full
 * date whose year is more than ten years back (as callers state their birth date when asked).
 */
export const findDatesOfBirth: Recogniser = (text) => {
  const out: Finding[] = [];
  const thisYear = new Date().getUTCFullYear();
  const consider = (start: number, s: string) => {
    const before = text.slice(Math.max(0, start - 60), start);
    const year = digitYear(s);
    const old = year === null ? /nineteen/i.test(s) : year <= thisYear - 10;
    if (CONTEXT.test(before) || old) out.push({ kind: 'dob', start, end: start + s.length });
  };
  for (const re of WORD_DATES) for (const m of text.matchAll(re)) consider(m.index, m[0]);
  for (const m of text.matchAll(DIGIT_DATE)) consider(m.index, m[0]);
  return out;
};
