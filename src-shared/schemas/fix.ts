import { z } from 'zod';
import { MAX_FIX_EDITS, MAX_FIX_ITERATIONS, MAX_FIX_REPEATS, MAX_FIX_TEXT_CHARS } from '../limits.js';
import { ModelSpec } from './model.js';

/**
 * From a failing test to a fixed agent version (docs/fix.md): a diagnosis names where the fault is,
 * a proposal is a set of edits to the graph, applying them makes a new agent version, and re-runs
 * judge it. Every iteration of a fix is stored (src-main/store/repos/fixes.ts).
 */

/** Where a diagnosis puts the fault. `not_the_agent`: the simulated caller or the judge is at fault. */
export const FAULT_LOCATIONS = [
  'agent_prompt',
  'node_instruction',
  'transition_condition',
  'missing_transition',
  'tool_or_variable',
  'not_the_agent',
] as const;
export const FaultLocation = z.enum(FAULT_LOCATIONS);
export type FaultLocation = z.infer<typeof FaultLocation>;

export const Fault = z.object({
  location: FaultLocation,
  /** The node at fault (for a missing transition: the node it should leave from). */
  node_id: z.string().nullable().default(null),
  /** The transition at fault (an id of one of `node_id`'s transitions). */
  transition_id: z.string().nullable().default(null),
  /** The text at fault, quoted. */
  quote: z.string().default(''),
  /** Transcript turn indexes that show it (of the first diagnosed result). */
  turns: z.array(z.number().int().min(0)).default([]),
  explanation: z.string().default(''),
});
export type Fault = z.infer<typeof Fault>;

/** What a diagnosis looked at: one failed result, or the examples of one failure group. */
export const DiagnosisSubject = z.object({
  kind: z.enum(['result', 'group']),
  run_id: z.string(),
  /** The results shown to the model (the first is the one turn numbers refer to). */
  result_ids: z.array(z.string()),
  tests: z.array(z.string()),
  /** A failure group's label. */
  group: z.string().optional(),
});
export type DiagnosisSubject = z.infer<typeof DiagnosisSubject>;

export const CallCost = z.object({
  calls: z.number().int().min(0).default(0),
  prompt_tokens: z.number().int().min(0).default(0),
  completion_tokens: z.number().int().min(0).default(0),
  ms: z.number().min(0).default(0),
});
export type CallCost = z.infer<typeof CallCost>;

export const Diagnosis = z.object({
  subject: DiagnosisSubject,
  /** The agent version whose graph the model read. */
  version_id: z.string(),
  faults: z.array(Fault),
  root_cause: z.string(),
  /** PROVIDER:MODEL of the model that diagnosed. */
  model: z.string(),
  /** Failed conversations of these tests in the run (one per test is shown to the model). */
  failed_results: z.number().int().min(0),
  cost: CallCost.default({ calls: 0, prompt_tokens: 0, completion_tokens: 0, ms: 0 }),
  created_at: z.string(),
});
export type Diagnosis = z.infer<typeof Diagnosis>;

export const FIX_EDIT_KINDS = [
  'agent_prompt',
  'node_instruction',
  'transition_condition',
  'new_transition',
  'snippet',
] as const;
export const FixEditKind = z.enum(FIX_EDIT_KINDS);
export type FixEditKind = z.infer<typeof FixEditKind>;

const id = z.string().min(1).max(200);

/**
 * One edit of a fix: the text of a place in the graph, as it was (`original`, filled in by Parley
 * from the version the edit applies to) and as proposed. `new_transition` adds a transition from
 * `node_id` to `target` whose prompt condition is `proposed`.
 */
export const FixEdit = z.object({
  kind: FixEditKind,
  node_id: id.optional(),
  transition_id: id.optional(),
  target: id.optional(),
  snippet: id.optional(),
  original: z.string().max(MAX_FIX_TEXT_CHARS).default(''),
  proposed: z.string().max(MAX_FIX_TEXT_CHARS),
  rationale: z.string().max(2000).default(''),
});
export type FixEdit = z.infer<typeof FixEdit>;
export type FixEditInput = z.input<typeof FixEdit>;

export const Proposal = z.object({
  edits: z.array(FixEdit).max(MAX_FIX_EDITS),
  summary: z.string().default(''),
  /** The model's confidence (0..1) that the edits make the failing tests pass. */
  confidence: z.number().min(0).max(1),
  /** Edits the model gave that could not be used, each with why. */
  dropped: z.array(z.string()).default([]),
  model: z.string(),
  cost: CallCost.default({ calls: 0, prompt_tokens: 0, completion_tokens: 0, ms: 0 }),
  created_at: z.string(),
});
export type Proposal = z.infer<typeof Proposal>;

/** Passed conversations `k` of `n` judged (interval: src-shared/stats wilson). */
export const PassCount = z.object({ k: z.number().int().min(0), n: z.number().int().min(0) });
export type PassCount = z.infer<typeof PassCount>;

/**
 * A failing test before and after an edit. `improved`: the pass rate rose by more than noise
 * (two-sided Fisher exact p < 0.05); `better`: it rose within noise; `worse`: it fell.
 */
export const TargetVerdict = z.object({
  test: z.string(),
  before: PassCount,
  after: PassCount,
  p: z.number().min(0).max(1).nullable(),
  change: z.enum(['improved', 'better', 'same', 'worse']),
  /** Every conversation of the re-run passed. */
  all_passed: z.boolean(),
});
export type TargetVerdict = z.infer<typeof TargetVerdict>;

/** One test of the starting run against the same test on a new version (compare's classification). */
export const TestChange = z.object({
  test: z.string(),
  before: PassCount,
  after: PassCount,
  /** regressed, improved, noise, flaky, same, new, removed (src-main/compare/outcome.ts). */
  change: z.string(),
  p: z.number().min(0).max(1).nullable(),
});
export type TestChange = z.infer<typeof TestChange>;

/** The rest of the suite on the new version, compared with the run the fix started from. */
export const SuiteCheck = z.object({
  run_id: z.string().nullable(),
  /** Why it did not run (the failing tests did not improve, no other tests). */
  skipped: z.string().nullable(),
  tests: z.array(TestChange).default([]),
  regressions: z.array(z.string()).default([]),
});
export type SuiteCheck = z.infer<typeof SuiteCheck>;

/** `skipped`: the user asked for another proposal instead of applying this one. */
export const ITERATION_OUTCOMES = [
  'improved',
  'all_pass',
  'no_change',
  'regressed',
  'invalid',
  'no_edits',
  'skipped',
] as const;
export const IterationOutcome = z.enum(ITERATION_OUTCOMES);
export type IterationOutcome = z.infer<typeof IterationOutcome>;

export const GraphIssue = z.object({ path: z.string(), message: z.string() });

export const FixIteration = z.object({
  n: z.number().int().min(1),
  /** The version the edits apply to: the last accepted one (or the starting version). */
  base_version_id: z.string(),
  diagnoses: z.array(Diagnosis).default([]),
  proposal: Proposal.nullable().default(null),
  /** The edits applied (the proposal's, as the user edited them). */
  applied: z.array(FixEdit).nullable().default(null),
  version_id: z.string().nullable().default(null),
  version: z.number().int().nullable().default(null),
  /** The graph check's errors when the model's edits made the graph invalid (no version was stored). */
  invalid: z.array(GraphIssue).nullable().default(null),
  target_run_id: z.string().nullable().default(null),
  targets: z.array(TargetVerdict).default([]),
  suite: SuiteCheck.nullable().default(null),
  outcome: IterationOutcome.nullable().default(null),
  /** Model calls of the re-runs' conversations (diagnosing and proposing are in their own cost). */
  conversation_calls: z.number().int().min(0).default(0),
  started_at: z.string(),
  finished_at: z.string().nullable().default(null),
});
export type FixIteration = z.infer<typeof FixIteration>;

export const FIX_UNTIL = ['improved', 'all-pass'] as const;
export const FixUntil = z.enum(FIX_UNTIL);
export type FixUntil = z.infer<typeof FixUntil>;

export const FIX_STOP_REASONS = [
  'improved',
  'all_pass',
  'max_iterations',
  'no_progress',
  'cancelled',
  'failed',
] as const;
export const FixStop = z.object({
  reason: z.enum(FIX_STOP_REASONS),
  message: z.string(),
  /** no_progress: the transitions the failing paths go through ("greet -> refund (to-refund): Caller asks…"). */
  transitions: z.array(z.string()).default([]),
  /** The target was reached (exit 0 on the command line). */
  reached: z.boolean(),
});
export type FixStop = z.infer<typeof FixStop>;

export const HoldoutCheck = z.object({
  run_id: z.string().nullable(),
  version_id: z.string(),
  tests: z.array(TestChange),
  regressions: z.array(z.string()).default([]),
});
export type HoldoutCheck = z.infer<typeof HoldoutCheck>;

export const AutoFixOptions = z.object({
  max_iterations: z
    .number({ error: `expected a whole number from 1 to ${MAX_FIX_ITERATIONS}` })
    .int(`expected a whole number from 1 to ${MAX_FIX_ITERATIONS}`)
    .min(1, `expected a whole number from 1 to ${MAX_FIX_ITERATIONS}`)
    .max(MAX_FIX_ITERATIONS, `expected a whole number from 1 to ${MAX_FIX_ITERATIONS}`),
  until: FixUntil.default('improved'),
});
export type AutoFixOptions = z.infer<typeof AutoFixOptions>;

export const FixRepeats = z
  .number({ error: `expected a whole number from 1 to ${MAX_FIX_REPEATS}` })
  .int(`expected a whole number from 1 to ${MAX_FIX_REPEATS}`)
  .min(1, `expected a whole number from 1 to ${MAX_FIX_REPEATS}`)
  .max(MAX_FIX_REPEATS, `expected a whole number from 1 to ${MAX_FIX_REPEATS}`);

/** What a fix starts from: a failed result, a test, a failure group (1-based), or every failed test. */
export const FixSubject = z.object({
  result_id: z.string().optional(),
  test: z.string().optional(),
  group: z.number().int().min(1).optional(),
  all: z.boolean().optional(),
});
export type FixSubject = z.infer<typeof FixSubject>;

export const FIX_STATUSES = ['open', 'running', 'interrupted', 'stopped', 'kept'] as const;
export const FixStatus = z.enum(FIX_STATUSES);
export type FixStatus = z.infer<typeof FixStatus>;

export const FixSession = z.object({
  id: z.string(),
  run_id: z.string(),
  agent_id: z.string(),
  agent_name: z.string(),
  start_version_id: z.string(),
  start_version: z.number().int(),
  suite_id: z.string().nullable(),
  /** Re-runs use the stored suite as it is now, or the run's own copy when that suite is gone. */
  suite_source: z.enum(['suite', 'snapshot']),
  subject: FixSubject,
  /** The failing tests the fix aims at. */
  tests: z.array(z.string()),
  /** The starting run's failed conversations the first diagnoses read (one per test, or a group's examples). */
  evidence_result_ids: z.array(z.string()),
  /** Tests marked holdout: never shown to the model, run at the end. */
  holdout_tests: z.array(z.string()).default([]),
  repeats: z.number().int().min(1),
  judge: ModelSpec,
  /** The auto-fix asked for (null for a fix driven step by step); `first`: its first iteration. */
  auto: AutoFixOptions.extend({ first: z.number().int().min(1) })
    .nullable()
    .default(null),
  status: FixStatus,
  /** The failing tests re-run on the starting version, pooled with the starting run's conversations. */
  baseline: z
    .object({ run_id: z.string().nullable(), counts: z.array(PassCount.extend({ test: z.string() })) })
    .nullable()
    .default(null),
  iterations: z.array(FixIteration).default([]),
  stop: FixStop.nullable().default(null),
  /** The last accepted version (improved, no regression), if any. */
  final_version_id: z.string().nullable().default(null),
  kept_version_id: z.string().nullable().default(null),
  holdout: HoldoutCheck.nullable().default(null),
  /** The job working on it now (or last). */
  job_id: z.string().nullable().default(null),
  error: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FixSession = z.infer<typeof FixSession>;
