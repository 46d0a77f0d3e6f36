import { FIRST_NAMES } from './first-names.js';
import type { Finding, Recogniser } from './types.js';

/** Words never taken for a name, even capitalised after "this is" / "I'm". */
const NOT_NAMES = new Set(
  `a an the and or but so to for of in on at by with from about as is am are was be been just really very not no yes
  okay ok sure well hi hello hey calling call here there fine good great sorry glad happy looking trying going
  wondering interested new sick busy ready back also still actually um uh please thanks thank that this it what
  who me my your you we they he she his her their our i monday tuesday wednesday thursday friday saturday sunday
  january february march april may june july august september october november december today tomorrow yesterday
  morning afternoon evening doctor dr mr mrs ms miss calling regarding concerning patient customer`.split(/\s+/),
);

const TRIGGER = /\b(?:my name is|my name's|name is|name's|call me|this is|it's|it is|i'm|i am)[ ]+/gi;
const STRICT_TRIGGER = /^(?:this is|it's|it is|i'm|i am)/i;
const WORD = /^([A-Za-z][A-Za-z'-]*)/;

const isCap = (w: string) => /^[A-Z][a-z'-]+$/.test(w) || /^[A-Z]{2,}$/.test(w);
const nameWord = (w: string) => !NOT_NAMES.has(w.toLowerCase());

/** Up to three name words from `from`: each a word, separated by single spaces, none a common word. */
function nameAfter(text: string, from: number, strict: boolean): Finding | null {
  let pos = from;
  let end = -1;
  for (let i = 0; i < 3; i++) {
    const m = WORD.exec(text.slice(pos));
    if (!m || !nameWord(m[1])) break;
    const w = m[1];
    const known = FIRST_NAMES.has(w.toLowerCase());
    // After "this is" / "I'm" the first word must be a known first name or capitalised; later words capitalised.
    if (i === 0 && strict && !known && !isCap(w)) break;
    if (i > 0 && !isCap(w) && !known && strict) break;
    end = pos + w.length;
    pos = end;
    if (text[pos] !== ' ') break;
    pos++;
  }
  return end > from ? { kind: 'name', start: from, end } : null;
}

/**
 * Names: the words after "my name is", "this is", "it's", "I'm", "call me"; and any capitalised word of
 * the first-names list with the capitalised word after it (a surname).
 */
export const findNames: Recogniser = (text) => {
  const out: Finding[] = [];
  for (const m of text.matchAll(TRIGGER)) {
    const f = nameAfter(text, m.index + m[0].length, STRICT_TRIGGER.test(m[0]));
    if (f) out.push(f);
  }
  for (const m of text.matchAll(/\b[A-Z][a-z'-]+\b/g)) {
    if (!FIRST_NAMES.has(m[0].toLowerCase())) continue;
    let end = m.index + m[0].length;
    const next = /^ ([A-Z][a-z'-]+)\b/.exec(text.slice(end));
    if (next && nameWord(next[1])) end += next[0].length;
    out.push({ kind: 'name', start: m.index, end });
  }
  return out;
};
