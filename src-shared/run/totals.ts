import type { Result, Run } from '../schemas/run.js';
import { meanInterval } from '../stats/mean.js';

/** The numbers of one run computed from its stored results: the run summary's and compare's totals. */
export interface RunTotals {
  conversations: number;
  /** Distinct tests (a test with repeats counts once). */
  tests: number;
  passed: number;
  failed: number;
  errored: number;
  /** Results without a verdict (imported calls). */
  imported: number;
  /** passed / judged (imported results have no verdict); null when nothing was judged. */
  pass_rate: number | null;
  tokens: { prompt: number; cached_prompt: number; completion: number; total: number };
  /** Run wall time from its timestamps, else the sum of conversation times. */
  wall_ms: number;
  conversation_ms: number;
  mean_turns: number | null;
  /** Mean score per metric criterion, in the order the criteria first appear. */
  mean_scores: { criterion: string; mean: number; n: number }[];
  /** Mean of every metric score of the run; null when nothing was scored. */
  mean_score: number | null;
  /**
   * 95% interval of the mean score, over conversations (each conversation's mean score is one value: the
   * metrics of one conversation are not independent); null under two scored conversations.
   */
  mean_score_interval: { low: number; high: number; n: number } | null;
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: number[]): number | null => (xs.length ? sum(xs) / xs.length : null);

const intervalOf = (perConversation: number[]) => {
  const m = meanInterval(perConversation);
  return m ? { low: m.low, high: m.high, n: m.n } : null;
};

/** Run wall time from its timestamps, when both are recorded and in order. */
export function runWallMs(run: Pick<Run, 'started_at' | 'finished_at'>): number | null {
  if (!run.started_at || !run.finished_at) return null;
  const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** Pass rate, counts, tokens, wall time, mean turns and mean score per metric of one run. Pure. */
export function runTotals(run: Pick<Run, 'started_at' | 'finished_at'> | null, results: Result[]): RunTotals {
  const judged = results.filter((r) => r.status !== 'imported');
  const passed = results.filter((r) => r.status === 'pass').length;
  const tokens = { prompt: 0, cached_prompt: 0, completion: 0, total: 0 };
  const scores = new Map<string, number[]>();
  for (const r of results) {
    tokens.prompt += r.tokens.prompt;
    tokens.cached_prompt += r.tokens.cached_prompt;
    tokens.completion += r.tokens.completion;
    for (const m of r.metrics) scores.set(m.criterion, [...(scores.get(m.criterion) ?? []), m.score]);
  }
  tokens.total = tokens.prompt + tokens.completion;
  const conversation_ms = sum(results.map((r) => r.duration_ms));
  return {
    conversations: results.length,
    tests: new Set(results.map((r) => r.test_index)).size,
    passed,
    failed: results.filter((r) => r.status === 'fail').length,
    errored: results.filter((r) => r.status === 'error').length,
    imported: results.length - judged.length,
    pass_rate: judged.length ? passed / judged.length : null,
    tokens,
    wall_ms: (run && runWallMs(run)) ?? conversation_ms,
    conversation_ms,
    mean_turns: mean(results.map((r) => r.turns)),
    mean_scores: [...scores].map(([criterion, v]) => ({ criterion, mean: sum(v) / v.length, n: v.length })),
    mean_score: mean([...scores.values()].flat()),
    mean_score_interval: intervalOf(
      results.flatMap((r) => (r.metrics.length ? [mean(r.metrics.map((m) => m.score))!] : [])),
    ),
  };
}
