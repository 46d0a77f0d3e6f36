import type { LatencyDelta, LatencyFigures } from '../../src-shared/contract/latency-shapes.js';
import type { AttackSuccessRow } from '../../src-shared/contract/compare-shapes.js';
import type { ModelIdentity, Result, ResultStatus, Run, TurnMetric } from '../../src-shared/schemas/index.js';
import type { GraphChange } from './graph-diff.js';
import type { Comparability } from './comparability.js';
import type { ConfigDifference, RunConfig } from './run-config.js';
import type { RoleFitness } from '../../src-shared/readiness/fitness.js';
import type { TranscriptDiffEntry } from './transcript-diff.js';

export type { TranscriptDiffEntry, WordPart } from './transcript-diff.js';

/**
 * The shapes a comparison of stored runs produces. Everything here is plain JSON: `parley diff --json`
 * prints a RunDiff as is and the app's Compare page renders it.
 */

/** How a test changed from run A to run B. */
export type ChangeKind =
  /** pass -> fail/error (without repeats), or a significant drop in pass rate (with repeats). */
  | 'regressed'
  /** fail/error -> pass, or a significant rise in pass rate. */
  | 'improved'
  /** The aggregate status flipped but Fisher's test says the difference is noise (p >= alpha). */
  | 'noise'
  /** Same aggregate status, but the repeats of at least one side disagree among themselves. */
  | 'flaky'
  | 'same'
  /** Only in run B. */
  | 'new'
  /** Only in run A. */
  | 'removed';

export const CHANGE_ORDER: ChangeKind[] = ['regressed', 'improved', 'noise', 'flaky', 'new', 'removed', 'same'];

/** The results of one test on one side (all its repeats), in repeat order. */
export interface TestPair {
  /** Pairing key: the test name, or `#<index> <name>` when the name is empty or repeated in a run. */
  key: string;
  test: string;
  test_index_a: number | null;
  test_index_b: number | null;
  a: Result[];
  b: Result[];
}

/** One side's outcome for a test over its repeats. */
export interface SideOutcome {
  /** Aggregate status: pass when the pass rate reaches the minimum; error when every repeat errored. */
  status: ResultStatus | null;
  repeats: number;
  /** Repeats with a verdict (status other than `imported`). */
  judged: number;
  passed: number;
  pass_rate: number | null;
  /** true when some repeats passed and some did not. */
  mixed: boolean;
}

export interface NumericDelta {
  a: number | null;
  b: number | null;
  /** b - a, null when a side is missing. */
  delta: number | null;
}

export interface MetricDelta {
  criterion: string;
  /** Mean score over the repeats of each side. */
  score_a: number | null;
  score_b: number | null;
  delta: number | null;
  threshold_a: number | null;
  threshold_b: number | null;
  /** Whether the mean met the threshold on each side (null: metric absent on that side). */
  passed_a: boolean | null;
  passed_b: boolean | null;
  /** The judge's reasoning on the repeat that was diffed. */
  reasoning_a: string | null;
  reasoning_b: string | null;
}

export type CheckChangeKind = 'same' | 'broken' | 'fixed' | 'added' | 'removed';

/** A rule (includes/excludes/pattern) or assertion (tool calls/path) on both sides. */
export interface CheckChange {
  group: 'rule' | 'assertion';
  kind: string;
  target: string;
  passed_a: boolean | null;
  passed_b: boolean | null;
  change: CheckChangeKind;
  message_a: string | null;
  message_b: string | null;
}

/** Where the node paths of two conversations part ways. */
export interface PathDivergence {
  /** Transcript turn index at which the paths differ (the earlier of the two sides' visits). */
  turn: number;
  /** Index into nodes_visited of the first differing visit. */
  visit: number;
  /** The last node both sides were on before they diverged (null when the entry node differs). */
  from_node: string | null;
  /** Node entered on each side (null: that side's path ended here). */
  node_a: string | null;
  node_b: string | null;
  /** Transition id taken on each side (NodeVisit.via). */
  via_a: string | null;
  via_b: string | null;
  /** Recorded reason for each transition (NodeVisit.reason). */
  reason_a: string | null;
  reason_b: string | null;
}

export interface PathComparison {
  first_divergence: PathDivergence | null;
  /** Nodes visited only on one side. */
  only_a: string[];
  only_b: string[];
  path_a: string[];
  path_b: string[];
}

export interface MetricDiagnosis {
  criterion: string;
  score: number;
  threshold: number;
  reasoning: string;
  turns: { index: number; role: string; node: string | null; content: string }[];
  /** Nodes the failure points at (from the judge, or mapped from the turns). */
  nodes: string[];
}

export interface TestComparison {
  test: string;
  test_index_a: number | null;
  test_index_b: number | null;
  status_a: ResultStatus | null;
  status_b: ResultStatus | null;
  change: ChangeKind;
  /** null without repeats (one conversation per side: significance cannot be told). */
  significant: boolean | null;
  /** Two-sided Fisher exact p-value of the pass rates (null without repeats). */
  p: number | null;
  repeats_a: number;
  repeats_b: number;
  pass_rate_a: number | null;
  pass_rate_b: number | null;
  metric_deltas: MetricDelta[];
  check_changes: CheckChange[];
  turns: NumericDelta;
  tokens: NumericDelta;
  ms: NumericDelta;
  end_reason_a: string | null;
  end_reason_b: string | null;
  end_reason_changed: boolean;
  error_a: string | null;
  error_b: string | null;
  /** Repeats whose conversations were diffed (one representative of each side's outcome). */
  repeat_a: number | null;
  repeat_b: number | null;
  first_divergence: PathDivergence | null;
  nodes_only_a: string[];
  nodes_only_b: string[];
  transcript_diff: TranscriptDiffEntry[];
  /** Failed metrics of run B pointed at turns and nodes. */
  diagnosis: MetricDiagnosis[];
  /** Per-turn quality of the two diffed conversations, when either was scored. */
  turn_quality: TurnQualityComparison | null;
}

/** Means of each side and per agent turn (in order) the change B - A of every score. */
export interface TurnQualityComparison {
  mean_a: Record<TurnMetric, number> | null;
  mean_b: Record<TurnMetric, number> | null;
  turns: { turn: number; index_a: number | null; index_b: number | null; delta: Record<TurnMetric, number> | null }[];
}

export interface TokenTotals {
  prompt: number;
  cached_prompt: number;
  completion: number;
  total: number;
}

export interface SideSummary {
  /** Conversations (results, all repeats). */
  results: number;
  tests: number;
  passed: number;
  failed: number;
  errored: number;
  imported: number;
  /** passed / (results that were judged); null when nothing was judged. */
  pass_rate: number | null;
  /** 95% Wilson interval of pass_rate; null when nothing was judged. */
  pass_interval: { low: number; high: number } | null;
  /** Mean score per metric criterion over all results. */
  mean_scores: Record<string, number>;
  /** Mean of all metric scores. */
  mean_score: number | null;
  /** 95% interval of mean_score over conversations; null under two scored conversations. */
  mean_score_interval?: { low: number; high: number; n: number } | null;
  tokens: TokenTotals;
  /** Mean tokens (prompt + completion) per conversation; null without conversations. */
  tokens_per_conversation: number | null;
  /** Run wall time (finished - started) when recorded, else the sum of conversation durations. */
  wall_ms: number;
  /** Sum of conversation durations. */
  conversation_ms: number;
  mean_turns: number | null;
  /** Mean caller fidelity score (run option caller_fidelity); null when no caller was checked. */
  caller_fidelity: number | null;
  /** p50/p95 latency of the run's agent turns (docs/latency.md). */
  latency?: LatencyFigures;
}

export interface RunRef {
  id: string;
  kind: Run['kind'];
  status: Run['status'];
  agent_id: string;
  agent_name: string;
  agent_version_id: string;
  /** Version number of the agent (v3, v4...), when the store was read. */
  agent_version: number | null;
  suite_name: string;
  /** Short model label for column headers: the agent model's identity name, or its spec. */
  model: string;
  models: { agent?: ModelIdentity | string; caller?: ModelIdentity | string; judge?: ModelIdentity | string };
  /** The full configuration: each role's model and parameters, the speech settings, the run options. */
  config: RunConfig;
  /** How the run used speech ("audio eval · caller via STT · espeak-ng -> pocketsphinx"); null for a text run. */
  speech: string | null;
  /** The run it was started from ("Run again", "Run on another model"), when recorded. */
  source_run_id: string | null;
  /** The stored readiness verdict of each role's model (added by the app layer, which reads the store). */
  fitness?: RoleFitness[];
  /** Ran on the scripted model: shown as "demo", its results are not evidence. */
  demo: boolean;
  created_at: string;
}

export interface DiffSummary {
  a: SideSummary;
  b: SideSummary;
  delta: {
    pass_rate: number | null;
    /** 95% interval of the difference B - A (Newcombe's hybrid score method); null without data. */
    pass_rate_interval: { low: number; high: number } | null;
    /** Plain words: is the difference clear, else how many conversations per run would show it. */
    pass_rate_hint: string;
    /** null when the judge changed (comparability). */
    mean_score: number | null;
    /** null per metric when the judge changed (comparability). */
    mean_scores: Record<string, number | null>;
    tokens: number;
    /** Change in mean tokens per conversation (the fair figure when the repeat counts differ). */
    tokens_per_conversation: number | null;
    wall_ms: number;
    /** null when the caller changed (comparability). */
    mean_turns: number | null;
    /** B - A mean caller fidelity; null when either side has none or the caller changed. */
    caller_fidelity: number | null;
    /** B - A per latency figure (negative: B is faster). */
    latency?: LatencyDelta;
  };
  /** true when the runs hold different numbers of conversations: totals mislead, read per conversation. */
  per_conversation: boolean;
  counts: Record<ChangeKind, number>;
  regressions: string[];
  improvements: string[];
}

export interface RunDiff {
  a: RunRef;
  b: RunRef;
  summary: DiffSummary;
  /** How B's configuration differs from A's (models, parameters, options, agent version). */
  config_differences: ConfigDifference[];
  /** "A and B differ in: agent model parameters context_size 2048 -> 8192" */
  differ_line: string;
  /** Whether the metric scores and caller-driven figures can be compared (a changed judge or caller: their deltas are null). */
  comparability: Comparability;
  /** The change between the agent versions of the two runs (null when both ran the same version). */
  graph_changes: GraphChange[] | null;
  /** Regressions first, then improvements, noise, flaky, new, removed, unchanged. */
  tests: TestComparison[];
  /** Both runs are red-team runs: attack success per category, before (A) and after (B). */
  attack_success?: AttackSuccessRow[];
}
