import { regexFindings, type Finding, type Recogniser } from './types.js';

// US social security number (never 000, 666 or 9xx in the area), written with dashes or spaces.
const SSN = /(?<!\d)(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?!\d)/g;
// Nine (or more) digits right after the words that name an id number.
const NAMED_ID =
  /\b(?:social security(?: number)?|ssn|national id(?:entification)?(?: number)?|passport(?: number)?|id number|driver'?s licen[cs]e(?: number)?|member id)\b[^\d\n]{0,20}(?<v>[A-Z]{0,2}\d[\d -]{5,14}\d)/gi;

/** National ids: the US SSN pattern, and id numbers right after the words that name them. */
export const findIds: Recogniser = (text) => {
  const out: Finding[] = regexFindings(text, SSN, 'id');
  out.push(...regexFindings(text, NAMED_ID, 'id'));
  return out;
};
