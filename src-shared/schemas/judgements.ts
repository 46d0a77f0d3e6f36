import { z } from 'zod';
import { ModelIdentity, ModelSpec } from './model.js';
import { MetricResult } from './run.js';

/**
 * Re-judgements of a run's stored conversations (`parley rejudge`, "Re-judge..." on the run page):
 * each is one judge model's verdicts on one conversation with one seed, stored beside the original
 * verdicts (never over them).
 */
export const Judgement = z.object({
  id: z.string(),
  /** One `rejudge` call: every judgement it made shares this id. */
  batch_id: z.string(),
  run_id: z.string(),
  result_id: z.string(),
  test: z.string(),
  repeat: z.number().int(),
  /** Short label of the judge model ("ollama:qwen2.5:7b"). */
  judge: z.string(),
  judge_model: z.object({ spec: ModelSpec, identity: ModelIdentity.optional() }),
  /** The sampling seed of this judgement (1..k). */
  seed: z.number().int(),
  metrics: z.array(MetricResult),
  /** The judge call failed (the conversation's verdicts are missing from this judgement). */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type Judgement = z.infer<typeof Judgement>;

/** A rate k of n with its 95% Wilson interval (src-shared/stats). */
export const Interval = z.object({
  k: z.number(),
  n: z.number(),
  rate: z.number().nullable(),
  low: z.number(),
  high: z.number(),
});

/** One judge's consistency on one metric over its k judgements of each conversation. */
export const MetricConsistency = z.object({
  judge: z.string(),
  criterion: z.string(),
  /** Conversations judged with this metric (k times each). */
  conversations: z.number().int(),
  /** Judgements per conversation (k). */
  k: z.number().int(),
  /** Conversations whose k verdicts were not all the same. */
  flips: z.number().int(),
  /** Share of conversations with one verdict across all k judgements, with its 95% Wilson interval. */
  agreement: Interval,
  /** Mean over conversations of (highest - lowest score). */
  mean_spread: z.number(),
  max_spread: z.number(),
  /** flips exceed the instability threshold (UNSTABLE_FLIP_SHARE of the conversations). */
  unstable: z.boolean(),
  /** "unstable judge: 3 of 10 verdicts flip" (or "stable: 0 of 10 verdicts flip"). */
  summary: z.string(),
  flipped: z.array(
    z.object({
      result_id: z.string(),
      test: z.string(),
      repeat: z.number().int(),
      verdicts: z.array(z.boolean()),
      scores: z.array(z.number()),
    }),
  ),
});
export type MetricConsistency = z.infer<typeof MetricConsistency>;

const Side = z.object({ passed: z.boolean(), score: z.number(), reasoning: z.string() });

/** Two judges on one metric: the run's original judge ("original") against a re-judge, or two re-judges. */
export const JudgePairMetric = z.object({
  a: z.string(),
  b: z.string(),
  criterion: z.string(),
  n: z.number().int(),
  table: z.object({ fail_fail: z.number(), fail_pass: z.number(), pass_fail: z.number(), pass_pass: z.number() }),
  accuracy: Interval,
  kappa: z.number().nullable(),
  kappa_low: z.number().nullable(),
  kappa_high: z.number().nullable(),
  /** Spearman's rank correlation of the scores; null when a side is constant. */
  spearman: z.number().nullable(),
  disagreements: z.array(
    z.object({ result_id: z.string(), test: z.string(), repeat: z.number().int(), a: Side, b: Side }),
  ),
});
export type JudgePairMetric = z.infer<typeof JudgePairMetric>;

/**
 * A re-judge batch that did not complete (the process was killed, it was cancelled or failed, or it
 * is still running): its judgements are stored but never counted as a batch of k judgements.
 */
export const IncompleteJudgementBatch = z.object({
  batch_id: z.string(),
  /** running (still going, or its process was killed), cancelled or failed. */
  status: z.string(),
  /** Judgements stored, of planned. */
  judgements: z.number().int(),
  planned: z.number().int(),
  created_at: z.string(),
});
export type IncompleteJudgementBatch = z.infer<typeof IncompleteJudgementBatch>;

export const JudgementsReport = z.object({
  run_id: z.string(),
  /** The run's own judge, as "original" is labelled in pairs. */
  original_judge: z.string(),
  judges: z.array(
    z.object({
      judge: z.string(),
      k: z.number().int(),
      judgements: z.number().int(),
      errors: z.number().int(),
      /** Why the first failed judgement failed (the others are in the judgements table). */
      first_error: z.string().optional(),
      created_at: z.string(),
    }),
  ),
  consistency: z.array(MetricConsistency),
  pairs: z.array(JudgePairMetric),
  /** The unstable metrics' summaries, for a one-line warning in the run, compare and CLI. */
  unstable: z.array(z.string()),
  /** Batches that did not complete: not counted above (absent when none). */
  incomplete_batches: z.array(IncompleteJudgementBatch).optional(),
});
export type JudgementsReport = z.infer<typeof JudgementsReport>;
