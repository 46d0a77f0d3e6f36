import { z } from 'zod';
import { ModelIdentity, ResultStatus, Run, TURN_METRICS } from '../schemas/index.js';
import { LatencyDelta, LatencyFigures, LatencyRankRow } from './latency-shapes.js';
import { RoleFitness } from './fitness-shapes.js';

/**
 * The JSON a comparison of stored runs produces (src-main/compare: diffRuns, compareRunsMatrix), as zod
 * schemas so `compare.diff` / `compare.matrix` are validated and typed end to end. Mirrors
 * src-main/compare/types.ts; the compare handlers return those types, so tsc fails when the two drift apart.
 * Fields are in the order the compare code writes them: a parsed answer prints as the CLI has always printed it.
 */

export const CHANGE_KINDS = ['regressed', 'improved', 'noise', 'flaky', 'same', 'new', 'removed'] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKind>;

const num = z.number().nullable();
const str = z.string().nullable();
const RoleRef = z.union([ModelIdentity, z.string()]).optional();

export const NumericDelta = z.object({ a: num, b: num, delta: num });

export const MetricDelta = z.object({
  criterion: z.string(),
  score_a: num,
  score_b: num,
  delta: num,
  threshold_a: num,
  threshold_b: num,
  passed_a: z.boolean().nullable(),
  passed_b: z.boolean().nullable(),
  reasoning_a: str,
  reasoning_b: str,
});
export type MetricDelta = z.infer<typeof MetricDelta>;

export const CheckChange = z.object({
  group: z.enum(['rule', 'assertion']),
  kind: z.string(),
  target: z.string(),
  passed_a: z.boolean().nullable(),
  passed_b: z.boolean().nullable(),
  change: z.enum(['same', 'broken', 'fixed', 'added', 'removed']),
  message_a: str,
  message_b: str,
});
export type CheckChange = z.infer<typeof CheckChange>;

export const PathDivergence = z.object({
  turn: z.number(),
  visit: z.number(),
  from_node: str,
  node_a: str,
  node_b: str,
  via_a: str,
  via_b: str,
  reason_a: str,
  reason_b: str,
});
export type PathDivergence = z.infer<typeof PathDivergence>;

export const WordPart = z.object({ op: z.enum(['=', '-', '+']), text: z.string() });
export type WordPart = z.infer<typeof WordPart>;

export const TranscriptDiffEntry = z.object({
  op: z.enum(['same', 'changed', 'removed', 'inserted']),
  role: z.enum(['agent', 'caller', 'tool']),
  a_index: num,
  b_index: num,
  node_a: str,
  node_b: str,
  a: str,
  b: str,
  words: z.array(WordPart).optional(),
});
export type TranscriptDiffEntry = z.infer<typeof TranscriptDiffEntry>;

export const MetricDiagnosis = z.object({
  criterion: z.string(),
  score: z.number(),
  threshold: z.number(),
  reasoning: z.string(),
  turns: z.array(z.object({ index: z.number(), role: z.string(), node: str, content: z.string() })),
  nodes: z.array(z.string()),
});

const TurnScores = z.record(z.enum(TURN_METRICS), z.number());
export const TurnQualityComparison = z.object({
  mean_a: TurnScores.nullable(),
  mean_b: TurnScores.nullable(),
  turns: z.array(z.object({ turn: z.number(), index_a: num, index_b: num, delta: TurnScores.nullable() })),
});

export const TestComparison = z.object({
  test: z.string(),
  test_index_a: num,
  test_index_b: num,
  status_a: ResultStatus.nullable(),
  status_b: ResultStatus.nullable(),
  change: ChangeKind,
  significant: z.boolean().nullable(),
  p: num,
  repeats_a: z.number(),
  repeats_b: z.number(),
  pass_rate_a: num,
  pass_rate_b: num,
  metric_deltas: z.array(MetricDelta),
  check_changes: z.array(CheckChange),
  turns: NumericDelta,
  tokens: NumericDelta,
  ms: NumericDelta,
  end_reason_a: str,
  end_reason_b: str,
  end_reason_changed: z.boolean(),
  error_a: str,
  error_b: str,
  repeat_a: num,
  repeat_b: num,
  first_divergence: PathDivergence.nullable(),
  nodes_only_a: z.array(z.string()),
  nodes_only_b: z.array(z.string()),
  transcript_diff: z.array(TranscriptDiffEntry),
  diagnosis: z.array(MetricDiagnosis),
  turn_quality: TurnQualityComparison.nullable(),
});
export type TestComparison = z.infer<typeof TestComparison>;

export const TokenTotals = z.object({
  prompt: z.number(),
  cached_prompt: z.number(),
  completion: z.number(),
  total: z.number(),
});

export const SideSummary = z.object({
  results: z.number(),
  tests: z.number(),
  passed: z.number(),
  failed: z.number(),
  errored: z.number(),
  imported: z.number(),
  pass_rate: num,
  mean_scores: z.record(z.string(), z.number()),
  mean_score: num,
  /** 95% interval of mean_score over conversations (null under two scored conversations). */
  mean_score_interval: z.object({ low: z.number(), high: z.number(), n: z.number() }).nullable().optional(),
  tokens: TokenTotals,
  wall_ms: z.number(),
  conversation_ms: z.number(),
  mean_turns: num,
  /** Mean caller fidelity score; null when no caller was checked. */
  caller_fidelity: num,
  /** p50/p95 latency of the run's agent turns (docs/latency.md). */
  latency: LatencyFigures.optional(),
  tokens_per_conversation: num,
  /** 95% Wilson interval of pass_rate (null when nothing was judged). */
  pass_interval: z.object({ low: z.number(), high: z.number() }).nullable(),
});
export type SideSummary = z.infer<typeof SideSummary>;

const RoleConfig = z
  .object({
    label: z.string(),
    key: z.string(),
    source: z.string(),
    inherited: z.boolean(),
    params: z.record(z.string(), z.string()),
  })
  .nullable();

/** A run's configuration in words (src-main/compare/run-config.ts). */
export const RunConfig = z.object({
  agent: RoleConfig,
  caller: RoleConfig,
  judge: RoleConfig,
  options: z.record(z.string(), z.string()),
  /** Speech settings in words (audio evaluation, caller via speech recognition, engines, phone noise). */
  speech: z.record(z.string(), z.string()),
  agent_version: z.string(),
});
export type RunConfig = z.infer<typeof RunConfig>;

const ConfigKind = z.enum(['model', 'parameter', 'speech', 'option', 'version']);
const ConfigRole = z.enum(['agent', 'caller', 'judge']).optional();
export const ConfigDifference = z.object({
  field: z.string(),
  a: z.string(),
  b: z.string(),
  kind: ConfigKind,
  role: ConfigRole,
});
export type ConfigDifference = z.infer<typeof ConfigDifference>;
export const ConfigSpread = z.object({
  field: z.string(),
  values: z.array(z.string()),
  kind: ConfigKind,
  role: ConfigRole,
});

/** Whether metric scores and caller-driven figures can be compared (src-main/compare/comparability.ts). */
export const Comparability = z.object({
  judge_changed: z.boolean(),
  caller_changed: z.boolean(),
  /** false: the judge changed, metric deltas are null ("judge changed: scores not comparable"). */
  scores_comparable: z.boolean(),
  /** false: the caller changed, turns and caller fidelity deltas are null. */
  caller_figures_comparable: z.boolean(),
  notes: z.array(z.string()),
});
export type Comparability = z.infer<typeof Comparability>;

/** What a report shows in place of a metric delta when the judge changed. */
export const JUDGE_CHANGED = 'judge changed: scores not comparable';
/**
 * The second note when the judge changed: the pass rate and the regressed / improved tests still compare (a
 * pass is a fact of each run), but a pass rests on the judge's verdicts, so a change may be the judge's. Reports
 * show those figures without the colours of better and worse.
 */
export const JUDGE_CHANGED_VERDICTS =
  "judge changed: passes rest on the judge's verdicts, so the pass rate change and the regressed or improved tests may be the judge's, not the agent's";
/** What a report shows in place of a caller-driven delta (turns, caller fidelity) when the caller changed. */
export const CALLER_CHANGED = 'caller changed: not comparable';
export type ConfigSpread = z.infer<typeof ConfigSpread>;

export const RunRef = z.object({
  id: z.string(),
  kind: Run.shape.kind,
  status: Run.shape.status,
  agent_id: z.string(),
  agent_name: z.string(),
  agent_version_id: z.string(),
  /** Version number of the agent (v3, v4...). */
  agent_version: z.number().nullable().default(null),
  suite_name: z.string(),
  model: z.string(),
  models: z.object({ agent: RoleRef, caller: RoleRef, judge: RoleRef }),
  config: RunConfig,
  /** "audio eval · caller via STT · espeak-ng -> pocketsphinx"; null for a text run. */
  speech: z.string().nullable(),
  /** The run it was started from, when recorded. */
  source_run_id: z.string().nullable(),
  demo: z.boolean(),
  created_at: z.string(),
  /** The stored readiness verdict of each role's model (added last, by the app, which reads the store). */
  fitness: z.array(RoleFitness).optional(),
});
export type RunRef = z.infer<typeof RunRef>;

export const GraphChange = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  target: z.enum(['graph', 'node', 'edge', 'prompt', 'tool', 'snippet', 'metric']),
  node: z.string().optional(),
  edge: z.string().optional(),
  field: z.string().optional(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  words: z.array(WordPart).optional(),
  text: z.string(),
});
export type GraphChange = z.infer<typeof GraphChange>;

export const DiffSummary = z.object({
  a: SideSummary,
  b: SideSummary,
  delta: z.object({
    pass_rate: num,
    /** 95% interval of the difference B - A (Newcombe's hybrid score method); null without data. */
    pass_rate_interval: z.object({ low: z.number(), high: z.number() }).nullable(),
    /** Plain words: is the difference clear, else how many conversations per run would show it. */
    pass_rate_hint: z.string(),
    mean_score: num,
    mean_scores: z.record(z.string(), num),
    tokens: z.number(),
    tokens_per_conversation: num,
    wall_ms: z.number(),
    mean_turns: num,
    caller_fidelity: num,
    /** B - A per latency figure (negative: B is faster). */
    latency: LatencyDelta.optional(),
  }),
  per_conversation: z.boolean(),
  /** Tests per kind of change, every kind named (in the order diffRuns counts them). */
  counts: z.object({
    regressed: z.number(),
    improved: z.number(),
    noise: z.number(),
    flaky: z.number(),
    new: z.number(),
    removed: z.number(),
    same: z.number(),
  }),
  regressions: z.array(z.string()),
  improvements: z.array(z.string()),
});
export type DiffSummary = z.infer<typeof DiffSummary>;

/** One side's attack success in a red-team category: finished attempts, successes, rate and its 95% Wilson interval. */
export const AttackSide = z.object({
  attempts: z.number().int(),
  successes: z.number().int(),
  rate: z.number().nullable(),
  low: z.number(),
  high: z.number(),
  /** Why the run has no attempt of the category (the suite's redteam.notes: policy on an agent without rules). */
  note: z.string().optional(),
});
export type AttackSide = z.infer<typeof AttackSide>;

/** A red-team category before (A) and after (B); a side is null when its run did not attack the category. */
export const AttackSuccessRow = z.object({
  id: z.string(),
  owasp: z.string(),
  label: z.string(),
  a: AttackSide.nullable(),
  b: AttackSide.nullable(),
  /** Two-sided Fisher exact p-value of the difference; null unless both sides have finished attempts. */
  p: z.number().nullable(),
});
export type AttackSuccessRow = z.infer<typeof AttackSuccessRow>;

export const CompareRunDiff = z.object({
  a: RunRef,
  b: RunRef,
  config_differences: z.array(ConfigDifference),
  differ_line: z.string(),
  comparability: Comparability,
  summary: DiffSummary,
  graph_changes: z.array(GraphChange).nullable(),
  tests: z.array(TestComparison),
  /** Both runs are red-team runs: attack success per category, before and after (docs/red-team.md). */
  attack_success: z.array(AttackSuccessRow).optional(),
});
export type CompareRunDiff = z.infer<typeof CompareRunDiff>;

export const MatrixCell = z.object({
  status: ResultStatus.nullable(),
  pass_rate: num,
  mean_score: num,
  tokens: num,
  ms: num,
  repeats: z.number(),
});
export type MatrixCell = z.infer<typeof MatrixCell>;

export const CompareMatrix = z.object({
  runs: z.array(z.object({ run: RunRef, totals: SideSummary })),
  tests: z.array(
    z.object({ test: z.string(), key: z.string(), cells: z.array(MatrixCell.nullable()), differs: z.boolean() }),
  ),
  config_spread: z.array(ConfigSpread),
  /** Whether the runs' mean scores can be compared (the judges are the same). */
  comparability: Comparability,
  chart: z.array(
    z.object({
      run: z.string(),
      model: z.string(),
      pass_rate: num,
      mean_score: num,
      /** 95% Wilson interval of pass_rate (null when nothing was judged). */
      pass_interval: z.object({ low: z.number(), high: z.number() }).nullable().optional(),
      /** 95% interval of mean_score over conversations (null under two scored conversations). */
      mean_score_interval: z.object({ low: z.number(), high: z.number(), n: z.number() }).nullable().optional(),
      tokens: z.number(),
      wall_ms: z.number(),
    }),
  ),
  /** The runs ranked by p95 response latency, fastest first (docs/latency.md). */
  latency_rank: z.array(LatencyRankRow).optional(),
});
export type CompareMatrix = z.infer<typeof CompareMatrix>;
