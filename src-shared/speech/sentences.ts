/**
 * Sentences of an agent's reply, for sentence-level streaming to text-to-speech (issue 27): speech can
 * start as soon as the first sentence is written. A sentence ends at . ! or ? followed by a space, except
 * after common abbreviations (Dr. Smith, Mr. Jones, St. Mary's) and inside numbers (4.5).
 */
const ABBREVIATIONS = /\b(?:mr|mrs|ms|dr|st|prof|sr|jr|vs|etc|e\.g|i\.e|no|approx|appt|dept)\.$/i;

/** Where the first sentence of `text` ends (the index after its punctuation), or undefined when none has ended yet. */
export function firstSentenceEnd(text: string): number | undefined {
  const re = /[.!?]+["')\]]*(?=\s+\S)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (m[0].startsWith('.') && ABBREVIATIONS.test(text.slice(0, m.index + 1))) continue;
    return end;
  }
  return undefined;
}

/** The sentences of a text, trimmed, in order (the whole text when it has one sentence). */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let rest = text.trim();
  for (let end = firstSentenceEnd(rest); end !== undefined; end = firstSentenceEnd(rest)) {
    out.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest) out.push(rest);
  return out;
}
