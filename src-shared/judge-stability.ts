import type { MetricResult } from './schemas/index.js';

/**
 * Judge stability, shared by re-judging (src-main/judging/judge-agreement.ts) and the run option
 * `judge_repeats` (the run page, the CLI report): a metric whose verdicts flip on more than
 * UNSTABLE_FLIP_SHARE of the conversations is marked "unstable judge".
 */
export const UNSTABLE_FLIP_SHARE = 0.1;

export function flipSummary(flips: number, n: number, unstable: boolean): string {
  return `${unstable ? 'unstable judge' : 'stable judge'}: ${flips} of ${n} verdicts flip`;
}

export interface RepeatStability {
  criterion: string;
  /** Conversations judged more than once on this metric. */
  conversations: number;
  /** Of those, conversations whose judgements did not all agree. */
  flipped: number;
  /** Judgements that disagreed with their conversation's majority, in all. */
  flips: number;
  unstable: boolean;
  summary: string;
}

/** Per metric, over a run's results judged with judge_repeats > 1 (metrics judged once are left out). */
export function repeatStability(results: { metrics: MetricResult[] }[]): RepeatStability[] {
  const by = new Map<string, { conversations: number; flipped: number; flips: number }>();
  for (const r of results)
    for (const m of r.metrics) {
      if (!m.judgements || m.judgements.length < 2) continue;
      const s = by.get(m.criterion) ?? { conversations: 0, flipped: 0, flips: 0 };
      s.conversations++;
      if (m.flips) s.flipped++;
      s.flips += m.flips ?? 0;
      by.set(m.criterion, s);
    }
  return [...by.entries()].map(([criterion, s]) => {
    const unstable = s.conversations > 0 && s.flipped / s.conversations > UNSTABLE_FLIP_SHARE;
    return { criterion, ...s, unstable, summary: flipSummary(s.flipped, s.conversations, unstable) };
  });
}
