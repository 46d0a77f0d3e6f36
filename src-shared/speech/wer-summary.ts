/**
 * Word error rates over turns, conversations and runs, from the counts stored on each spoken turn
 * (`speech.word_errors`). A conversation's and a run's rate pool the words (errors / words said, as speech people
 * report WER); a run's rate has a 95% interval from the spread between its conversations (ratio estimator,
 * conversations as clusters), because the words of one conversation are not independent.
 */
import { Z_95 } from '../stats/normal.js';
import type { TranscriptTurn, WordErrorCounts } from '../schemas/run.js';

/** Which way the speech went: the agent's lines as the caller heard them, or the caller's as the agent heard them. */
export type SpeechDirection = 'agent' | 'caller';

export interface WerFigure {
  /** Spoken turns counted. */
  turns: number;
  words: number;
  errors: number;
  /** errors / words; null when no word was said. */
  rate: number | null;
}

export interface WerInterval extends WerFigure {
  conversations: number;
  /** 95% interval of the run's rate; null with fewer than two conversations. */
  low: number | null;
  high: number | null;
}

export const errorsOf = (c: WordErrorCounts): number => c.substitutions + c.deletions + c.insertions;

/** One turn's word error rate (null when nothing was said). */
export function turnWer(c: WordErrorCounts): number | null {
  return c.words ? errorsOf(c) / c.words : null;
}

/** The pooled rate of one conversation's spoken turns in one direction; null when none was spoken. */
export function conversationWer(transcript: readonly TranscriptTurn[], direction: SpeechDirection): WerFigure | null {
  let turns = 0;
  let words = 0;
  let errors = 0;
  for (const t of transcript) {
    const counts = t.role === direction ? t.speech?.word_errors : undefined;
    if (!counts) continue;
    turns++;
    words += counts.words;
    errors += errorsOf(counts);
  }
  if (!turns) return null;
  return { turns, words, errors, rate: words ? errors / words : null };
}

/** The pooled rate of a run's conversations with its 95% interval (conversations as clusters). */
export function runWer(
  results: readonly { transcript: readonly TranscriptTurn[] }[],
  direction: SpeechDirection,
): WerInterval | null {
  const per = results.map((r) => conversationWer(r.transcript, direction)).filter((x): x is WerFigure => !!x);
  if (!per.length) return null;
  const words = per.reduce((n, c) => n + c.words, 0);
  const errors = per.reduce((n, c) => n + c.errors, 0);
  const turns = per.reduce((n, c) => n + c.turns, 0);
  const rate = words ? errors / words : null;
  let low: number | null = null;
  let high: number | null = null;
  const k = per.length;
  if (rate !== null && k >= 2) {
    // linearised variance of a ratio estimator with k clusters: k/(k-1) * sum (e_i - R n_i)^2 / N^2
    const ss = per.reduce((s, c) => s + (c.errors - rate * c.words) ** 2, 0);
    const se = Math.sqrt((k / (k - 1)) * ss) / words;
    low = Math.max(0, rate - Z_95 * se);
    high = rate + Z_95 * se;
  }
  return { turns, words, errors, rate, conversations: k, low, high };
}

const pct = (x: number) => (x * 100).toFixed(1);

/** "4.3% (2.1-6.5%, 23 conversations, 812 words)"; "n/a (no words)" when nothing was said. */
export function formatWer(w: WerInterval | WerFigure): string {
  if (w.rate === null) return 'n/a (no words)';
  const parts: string[] = [];
  if ('low' in w && w.low !== null && w.high !== null) parts.push(`${pct(w.low)}-${pct(w.high)}%`);
  if ('conversations' in w) parts.push(`${w.conversations} conversation${w.conversations === 1 ? '' : 's'}`);
  parts.push(`${w.words} words`);
  return `${pct(w.rate)}% (${parts.join(', ')})`;
}
