import { z } from 'zod';
import { HumanAgreementReport, HumanLabel, LabelInput, LabelsFile } from '../schemas/index.js';
import { method } from './define.js';
import { JobStarted } from './jobs.js';

/** The result of a `labels.import` job. */
export const LabelsImported = z.object({
  file: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  kept: z.number().int(),
});
export type LabelsImported = z.infer<typeof LabelsImported>;

/** Human labels of metric verdicts (issue 12, "judge against people"): src-main/app/judgements/labels.ts. */
export const labelMethods = {
  'labels.list': method(
    "A run's human labels, and the last reviewer name used on this database",
    z.object({ run_id: z.string().min(1) }),
    z.object({ labels: z.array(HumanLabel), reviewer: z.string().nullable() }),
  ),
  'labels.set': method(
    'Set the human label of one metric verdict: the human pass/fail, or whether the judge was right; with a note and the reviewer name',
    LabelInput,
    HumanLabel,
  ),
  'labels.clear': method(
    'Remove the human label of one metric verdict',
    z.object({ result_id: z.string().min(1), criterion: z.string().min(1) }),
    z.object({ removed: z.boolean() }),
  ),
  'labels.agreement': method(
    "Every judge of a run (the original and each re-judge model) against the human labels, per metric: accuracy, Cohen's kappa, precision and recall of fail with 95% intervals, and calibration hints",
    z.object({ run_id: z.string().min(1) }),
    HumanAgreementReport,
  ),
  'labels.export': method(
    'The labels of one run (or of every run) as a labels file',
    z.object({ run_id: z.string().min(1).optional() }),
    LabelsFile,
  ),
  'labels.import': method(
    'Import a labels file as a job (its result: LabelsImported): checked in full first (JSON, shape, every result and metric must exist here); all of it is written or nothing',
    z.object({ text: z.string().max(50_000_000), file: z.string().min(1).max(500) }),
    JobStarted,
  ),
};
