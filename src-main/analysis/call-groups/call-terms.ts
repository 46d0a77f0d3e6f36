import { eng, removeStopwords } from 'stopword';

/** A redaction placeholder ([NAME_1], [PHONE_2]): what a caller said about themselves, never a topic. */
const PLACEHOLDER = /\[[A-Z]+_\d+\]/g;
/** Words of a call that say nothing about why someone called. */
const CALL_WORDS = new Set(
  'yes yeah okay sure thanks thank please hello bye goodbye need want like would could just get got know think'.split(
    ' ',
  ),
);

/**
 * The terms of what a caller said: lower-cased words of three letters or more, English stop words and call
 * courtesies removed (the `stopword` package's list), placeholders dropped, a plural `s` folded ("appointments"
 * and "appointment" are one term).
 */
export function callerTerms(text: string): string[] {
  const words =
    text
      .replace(PLACEHOLDER, ' ')
      .toLowerCase()
      .match(/[a-z][a-z']+/g) ?? [];
  return removeStopwords(words, eng)
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w.length >= 3 && !CALL_WORDS.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}
