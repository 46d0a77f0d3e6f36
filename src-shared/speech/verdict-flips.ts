/**
 * How many checks changed verdict between the text and what was heard (audio evaluation, issue 11): each rule
 * and metric judged again on the heard transcript, paired with its text verdict (rules by kind and target,
 * metrics by criterion). For the run page's Speech card and the CLI's SPEECH block. Pure.
 */
import type { Result } from '../schemas/run.js';

export interface VerdictFlips {
  /** Conversations judged again on what was heard. */
  conversations: number;
  /** Checks with both a text and a heard verdict. */
  checks: number;
  /** Passed on the text, failed on what was heard. */
  lost: number;
  /** Failed on the text, passed on what was heard. */
  gained: number;
  /** Conversations with at least one flip. */
  conversations_flipped: number;
}

type Judged = Pick<Result, 'rules' | 'metrics' | 'audio_rules' | 'audio_metrics'>;

/** The flips of a run's conversations; null when none was judged on what was heard. */
export function verdictFlips(results: readonly Judged[]): VerdictFlips | null {
  const f: VerdictFlips = { conversations: 0, checks: 0, lost: 0, gained: 0, conversations_flipped: 0 };
  for (const r of results) {
    if (!r.audio_rules && !r.audio_metrics) continue;
    f.conversations++;
    const pairs: [boolean, boolean][] = [
      ...(r.audio_rules ?? []).flatMap((a) => {
        const t = r.rules.find((x) => x.kind === a.kind && x.target === a.target);
        return t ? [[t.passed, a.passed] as [boolean, boolean]] : [];
      }),
      ...(r.audio_metrics ?? []).flatMap((a) => {
        const t = r.metrics.find((x) => x.criterion === a.criterion);
        return t ? [[t.passed, a.passed] as [boolean, boolean]] : [];
      }),
    ];
    let flipped = 0;
    for (const [text, heard] of pairs) {
      f.checks++;
      if (text && !heard) f.lost++;
      if (!text && heard) f.gained++;
      if (text !== heard) flipped++;
    }
    if (flipped) f.conversations_flipped++;
  }
  return f.conversations ? f : null;
}

const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

/**
 * "2 of 14 checks flipped between the text and what was heard (2 passed on the text and failed when heard), in
 * 1 of 2 conversations"; "0 of 14 checks flipped ..." when none did.
 */
export function verdictFlipsText(f: VerdictFlips): string {
  const flipped = f.lost + f.gained;
  const ways = [
    f.lost ? `${f.lost} passed on the text and failed when heard` : '',
    f.gained ? `${f.gained} failed on the text and passed when heard` : '',
  ].filter(Boolean);
  return `${flipped} of ${n(f.checks, 'check')} flipped between the text and what was heard${ways.length ? ` (${ways.join(', ')})` : ''}, in ${f.conversations_flipped} of ${n(f.conversations, 'conversation')}`;
}
