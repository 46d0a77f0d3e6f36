import { z } from 'zod';
import { Interval } from './judgements.js';

/**
 * Human labels (issue 12, "judge against people"): a reviewer's verdict on one metric of one stored
 * conversation. A label belongs to the result and the metric's criterion, not to a judgement, so it
 * survives re-judging; one label per result and criterion (the latest reviewer's word).
 */
export const HumanLabel = z.object({
  id: z.string(),
  run_id: z.string(),
  result_id: z.string(),
  /** The test and repeat of the result, for people reading an exported file. */
  test: z.string(),
  repeat: z.number().int().min(0),
  criterion: z.string().min(1),
  /** The reviewer's verdict: did the conversation pass this metric? */
  human_passed: z.boolean(),
  /** The run's original verdict when the label was made. */
  judge_passed: z.boolean(),
  /** Set when the reviewer marked the judge "right" or "wrong" (human_passed derives from it). */
  marked: z.enum(['right', 'wrong']).nullable(),
  note: z.string().max(4000),
  reviewer: z.string().min(1).max(200),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HumanLabel = z.infer<typeof HumanLabel>;

/** What a reviewer sets: the human verdict directly, or whether the run's judge was right. */
export const LabelInput = z
  .object({
    result_id: z.string().min(1),
    criterion: z.string().min(1),
    human_passed: z.boolean().optional(),
    judge: z.enum(['right', 'wrong']).optional(),
    note: z.string().max(4000).optional(),
    reviewer: z.string().trim().min(1, 'expected the reviewer name').max(200),
  })
  .refine((l) => (l.human_passed === undefined) !== (l.judge === undefined), {
    message: 'expected exactly one of human_passed (the human verdict) or judge ("right" or "wrong")',
    path: ['human_passed'],
  });
export type LabelInput = z.infer<typeof LabelInput>;

/** The `parley labels export` file (version 1). */
export const LabelsFile = z.object({
  parley_labels: z.literal(1),
  exported_at: z.string(),
  labels: z.array(HumanLabel.omit({ id: true })),
});
export type LabelsFile = z.infer<typeof LabelsFile>;

/** One judge's verdicts on one metric against the human labels ("fail" is the positive class). */
export const HumanAgreementRow = z.object({
  /** "original" (the run's own judge) or a re-judge model's label. */
  judge: z.string(),
  /** The judge model's label for the original judge too ("ollama:qwen2.5:7b"). */
  judge_model: z.string(),
  /** A metric's criterion, or null for all metrics together. */
  criterion: z.string().nullable(),
  /** Labels with a verdict of this judge. */
  n: z.number().int(),
  table: z.object({ fail_fail: z.number(), fail_pass: z.number(), pass_fail: z.number(), pass_pass: z.number() }),
  accuracy: Interval,
  kappa: z.number().nullable(),
  kappa_low: z.number().nullable(),
  kappa_high: z.number().nullable(),
  /** Of the judge's fails, the share the reviewers failed too. */
  precision_fail: Interval,
  /** Of the reviewers' fails, the share the judge caught. */
  recall_fail: Interval,
  /** "agrees with the reviewers 91% (86-95%, n=120)". */
  summary: z.string(),
});
export type HumanAgreementRow = z.infer<typeof HumanAgreementRow>;

/**
 * The score threshold at which a metric's scores best agree with the human labels (fields in the order
 * judging/human-agreement.ts writes them, which `parley labels agreement --json` prints).
 */
export const CalibrationHint = z.object({
  judge: z.string(),
  criterion: z.string(),
  n: z.number().int(),
  /** The threshold the verdicts were made with. */
  current_threshold: z.number(),
  current_agree: z.number().int(),
  min_n: z.number().int(),
  /** null when there are too few labels (fewer than min_n). */
  best_threshold: z.number().nullable(),
  best_agree: z.number().int().nullable(),
  summary: z.string(),
});
export type CalibrationHint = z.infer<typeof CalibrationHint>;

export const HumanAgreementReport = z.object({
  run_id: z.string(),
  labels: z.number().int(),
  /** Metric verdicts of the run (labelled or not). */
  verdicts: z.number().int(),
  reviewers: z.array(z.string()),
  rows: z.array(HumanAgreementRow),
  calibration: z.array(CalibrationHint),
});
export type HumanAgreementReport = z.infer<typeof HumanAgreementReport>;
