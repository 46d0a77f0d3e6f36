/**
 * Word errors of what was heard against what was said, on normalised words (normalise.ts): the minimum
 * number of substitutions, deletions and insertions (Levenshtein alignment over words), the word error
 * rate (errors / words said), and the said/heard diff built from the same alignment. One reading for the
 * main process and the renderer.
 */
import { isDigitWord, normaliseWords } from './normalise.js';

export interface WordDiffPart {
  /** same: said and heard; said: said, not heard (deleted or replaced); heard: heard, not said (inserted or a replacement). */
  op: 'same' | 'said' | 'heard';
  /** Normalised words, joined by single spaces. */
  text: string;
}

export interface WordErrorCounts {
  /** Normalised words said (the denominator). */
  words: number;
  substitutions: number;
  deletions: number;
  insertions: number;
}

export interface WordErrors extends WordErrorCounts {
  /** substitutions + deletions + insertions. */
  errors: number;
  /** errors / words; null when nothing was said. */
  rate: number | null;
  /** Digits said (after normalising) and how many of them were heard in place. */
  digits: { said: number; kept: number };
  diff: WordDiffPart[];
}

type Step = 'same' | 'sub' | 'del' | 'ins';

/** Longest inputs aligned word by word; past this the texts are compared in order without realignment. */
const MAX_ALIGN_CELLS = 4_000_000;

/** The edit steps turning `a` (said) into `b` (heard), minimum cost, deterministic ties (same/sub, then del, then ins). */
function align(a: string[], b: string[]): Step[] {
  const n = a.length;
  const m = b.length;
  if ((n + 1) * (m + 1) > MAX_ALIGN_CELLS) return alignInOrder(a, b);
  const cost = new Uint32Array((n + 1) * (m + 1));
  const w = m + 1;
  for (let i = 0; i <= n; i++) cost[i * w] = i;
  for (let j = 0; j <= m; j++) cost[j] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      const diag = cost[(i - 1) * w + j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      cost[i * w + j] = Math.min(diag, cost[(i - 1) * w + j] + 1, cost[i * w + j - 1] + 1);
    }
  const steps: Step[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = cost[i * w + j];
    if (i > 0 && j > 0 && here === cost[(i - 1) * w + j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      steps.push(a[i - 1] === b[j - 1] ? 'same' : 'sub');
      i--;
      j--;
    } else if (i > 0 && here === cost[(i - 1) * w + j] + 1) {
      steps.push('del');
      i--;
    } else {
      steps.push('ins');
      j--;
    }
  }
  return steps.reverse();
}

/** Very long texts: position by position (an upper bound on the errors; never used for sentences). */
function alignInOrder(a: string[], b: string[]): Step[] {
  const steps: Step[] = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++)
    steps.push(k >= a.length ? 'ins' : k >= b.length ? 'del' : a[k] === b[k] ? 'same' : 'sub');
  return steps;
}

/** Consecutive steps of one kind as diff parts; a run of changes gives one `said` part then one `heard` part. */
function diffOf(a: string[], b: string[], steps: Step[]): WordDiffPart[] {
  const parts: WordDiffPart[] = [];
  let same: string[] = [];
  let said: string[] = [];
  let heard: string[] = [];
  const flushChanges = () => {
    if (said.length) parts.push({ op: 'said', text: said.join(' ') });
    if (heard.length) parts.push({ op: 'heard', text: heard.join(' ') });
    said = [];
    heard = [];
  };
  const flushSame = () => {
    if (same.length) parts.push({ op: 'same', text: same.join(' ') });
    same = [];
  };
  let i = 0;
  let j = 0;
  for (const s of steps) {
    if (s === 'same') {
      flushChanges();
      same.push(a[i++]);
      j++;
      continue;
    }
    flushSame();
    if (s !== 'ins') said.push(a[i++]);
    if (s !== 'del') heard.push(b[j++]);
  }
  flushChanges();
  flushSame();
  return parts;
}

/** Word errors of normalised words. */
export function wordErrorsOfWords(said: string[], heard: string[]): WordErrors {
  const steps = align(said, heard);
  const count = (s: Step) => steps.filter((x) => x === s).length;
  const substitutions = count('sub');
  const deletions = count('del');
  const insertions = count('ins');
  const errors = substitutions + deletions + insertions;
  let digitsSaid = 0;
  let digitsKept = 0;
  let i = 0;
  for (const s of steps) {
    if (s === 'ins') continue;
    if (isDigitWord(said[i])) {
      digitsSaid++;
      if (s === 'same') digitsKept++;
    }
    i++;
  }
  return {
    words: said.length,
    substitutions,
    deletions,
    insertions,
    errors,
    rate: said.length ? errors / said.length : null,
    digits: { said: digitsSaid, kept: digitsKept },
    diff: diffOf(said, heard, steps),
  };
}

/** Word errors of what was heard against what was said (both normalised first). */
export function wordErrors(said: string, heard: string): WordErrors {
  return wordErrorsOfWords(normaliseWords(said), normaliseWords(heard));
}

/** The said/heard diff on normalised words. */
export function wordDiff(said: string, heard: string): WordDiffPart[] {
  return wordErrors(said, heard).diff;
}

/** What a word error count says about a TTS/STT pair, in words: "lost 1 of 23 words; digits kept". */
export function pairVerdict(
  e: Pick<WordErrors, 'words' | 'errors' | 'substitutions' | 'deletions' | 'insertions' | 'rate' | 'digits'>,
): {
  text: string;
  usable: boolean;
} {
  const lost = e.substitutions + e.deletions;
  const extra = e.insertions ? ` (${e.insertions} word${e.insertions === 1 ? '' : 's'} heard that were not said)` : '';
  const digits = !e.digits.said
    ? ''
    : e.digits.kept === e.digits.said
      ? '; digits kept'
      : `; ${e.digits.said - e.digits.kept} of ${e.digits.said} digits lost`;
  const head = `lost ${lost} of ${e.words} word${e.words === 1 ? '' : 's'}${extra}${digits}`;
  const rate = e.rate ?? (e.insertions ? 1 : 0);
  if (rate > WER_UNUSABLE) return { text: `${head}: this pair cannot check what a caller hears`, usable: false };
  if (rate > WER_GOOD)
    return { text: `${head}: this pair hears roughly; audio verdicts on it are noisy`, usable: true };
  return { text: head, usable: true };
}

/** Above this word error rate a pair is rough: its audio verdicts mix the agent's faults with the recogniser's. */
export const WER_GOOD = 0.1;
/** Above this a pair cannot tell what a caller hears. */
export const WER_UNUSABLE = 0.5;
