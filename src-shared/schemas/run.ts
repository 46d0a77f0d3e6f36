import { z } from 'zod';
import { CallerPerturbations } from './perturbations.js';
import { MAX_CONCURRENCY, MAX_JUDGE_REPEATS, MAX_REPEATS, MAX_TURNS } from '../limits.js';
import { ModelIdentity, ModelSpec } from './model.js';
import { LatencyBudget } from './latency-budget.js';
import { EndpointStatsRecord } from './endpoint-options.js';
import { TranscriptTurn } from './transcript.js';
import { CheckpointRecord } from './checkpoint.js';

export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled', 'interrupted'] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

export const RESULT_STATUSES = ['pass', 'fail', 'error', 'imported'] as const;
export const ResultStatus = z.enum(RESULT_STATUSES);
export type ResultStatus = z.infer<typeof ResultStatus>;

export const END_REASONS = [
  'caller_done',
  'max_turns',
  'end_node',
  'transfer',
  /** The conversation outgrew the model's context (run option context: end); judged on what happened. */
  'context_full',
  /** The caller said nothing after the agent's re-prompts (the agent's no-answer handling ended the call). */
  'no_answer',
  'error',
  'cancelled',
  'imported',
  /** A checkpoint test (issue 34): the one agent step was taken and the agent waits for the caller. */
  'checkpoint',
] as const;
export const EndReason = z.enum(END_REASONS);
export type EndReason = z.infer<typeof EndReason>;

export const Tokens = z.object({
  prompt: z.number().int().min(0).default(0),
  cached_prompt: z.number().int().min(0).default(0),
  completion: z.number().int().min(0).default(0),
});
export type Tokens = z.infer<typeof Tokens>;

// the transcript's turns (latency, speech, perturbations): transcript.ts
export * from './transcript.js';

export const NodeVisit = z.object({
  node: z.string(),
  /** Index into the transcript at which the node was entered. */
  turn: z.number().int().min(0),
  /** Transition id taken to get here (absent for the entry node). */
  via: z.string().optional(),
  /** Why: 'entry', 'equation', 'else', 'always', 'skip', 'global', 'go_back', or the router's one-line reason. */
  reason: z.string().default(''),
});
export type NodeVisit = z.infer<typeof NodeVisit>;

export const ToolCallRecord = z.object({
  name: z.string(),
  args: z.record(z.string(), z.unknown()).default({}),
  result: z.unknown().optional(),
  error: z.string().optional(),
  node: z.string().optional(),
  /** false when no mock matched (the test fails naming the tool). */
  mocked: z.boolean().default(true),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

export const MetricResult = z.object({
  criterion: z.string(),
  score: z.number().min(0).max(1),
  threshold: z.number().min(0).max(1),
  passed: z.boolean(),
  reasoning: z.string().default(''),
  /** Transcript turn indexes the verdict rests on (diagnosis). */
  turns: z.array(z.number().int()).optional(),
  /** Nodes that spoke those turns. */
  nodes: z.array(z.string()).optional(),
  /** true for agent-level (global) metrics. */
  global: z.boolean().optional(),
  /** Run option judge_repeats > 1: every judgement (the verdict above is their majority). */
  judgements: z.array(z.object({ score: z.number().min(0).max(1), passed: z.boolean() })).optional(),
  /** Run option judge_repeats > 1: judgements that disagree with the majority verdict (0 = the judge agreed with itself). */
  flips: z.number().int().min(0).optional(),
});
export type MetricResult = z.infer<typeof MetricResult>;

export const CheckResult = z.object({
  kind: z.string(),
  /** What was checked, e.g. the substring, the pattern, the expected path. */
  target: z.string(),
  passed: z.boolean(),
  message: z.string().default(''),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

export const ModelCall = z.object({
  role: z.enum(['agent', 'caller', 'judge']),
  /** chat, route, extract, tool_args, caller, judge, facts, ... */
  purpose: z.string(),
  node: z.string().optional(),
  tokens: Tokens,
  ms: z.number().min(0),
  endpoint: z.string().optional(),
  /** Streaming providers: ms from the request to the first token (issue 11). */
  first_token_ms: z.number().min(0).optional(),
  /** The call failed: the provider's error code (unauthorized, connection_refused, bad_output, ...). Its tokens are what it spent. */
  error_code: z.string().optional(),
});
export type ModelCall = z.infer<typeof ModelCall>;

export const TURN_METRICS = ['helpfulness', 'coherence', 'relevance', 'faithfulness', 'verbosity'] as const;
export type TurnMetric = (typeof TURN_METRICS)[number];
const TurnScores = z.object(
  Object.fromEntries(TURN_METRICS.map((m) => [m, z.number().min(0).max(1)])) as Record<TurnMetric, z.ZodNumber>,
);

/** Per-turn quality: every agent turn scored 0..1 by the judge model, and the means over the conversation. */
export const TurnQuality = z.object({
  turns: z.array(
    z.object({
      /** Transcript index of the agent turn. */
      index: z.number().int().min(0),
      node: z.string().nullable(),
      scores: TurnScores,
      reasoning: z.string(),
    }),
  ),
  /** Mean per metric over the agent turns (null when there were none). */
  mean: TurnScores.nullable(),
});
export type TurnQuality = z.infer<typeof TurnQuality>;

export const CallerFidelity = z.object({
  /** 0..1: the caller spoke as the persona throughout (never as the agent, never as an AI or a narrator). */
  in_character: z.number().min(0).max(1),
  /** 0..1: the caller pursued the persona's goal. */
  pursued_goal: z.number().min(0).max(1),
  /** The lower of the two. */
  score: z.number().min(0).max(1),
  reasoning: z.string().default(''),
});
export type CallerFidelity = z.infer<typeof CallerFidelity>;

export const RoleModel = z.object({ spec: ModelSpec, identity: ModelIdentity.optional() });
export type RoleModel = z.infer<typeof RoleModel>;

export const Result = z.object({
  id: z.string(),
  run_id: z.string(),
  test: z.string(),
  test_index: z.number().int().min(0),
  repeat: z.number().int().min(0).default(0),
  status: ResultStatus,
  end_reason: EndReason,
  turns: z.number().int().min(0),
  transcript: z.array(TranscriptTurn),
  nodes_visited: z.array(NodeVisit),
  tools_called: z.array(ToolCallRecord),
  variables: z.record(z.string(), z.unknown()).default({}),
  metrics: z.array(MetricResult).default([]),
  rules: z.array(CheckResult).default([]),
  assertions: z.array(CheckResult).default([]),
  /** Messages dropped from model calls that no longer fitted the context (run option context: trim). */
  context_trimmed: z.number().int().min(0).optional(),
  tokens: Tokens,
  model_calls: z.array(ModelCall).default([]),
  /** Per-turn quality scores, when the suite or the run asked for them. */
  turn_quality: TurnQuality.optional(),
  /** Audio evaluation (issue 11): the metrics judged again on the heard transcript (same shape as `metrics`). */
  audio_metrics: z.array(MetricResult).optional(),
  /** Audio evaluation: the rule checks run again on the heard transcript. */
  audio_rules: z.array(CheckResult).optional(),
  /** Audio evaluation failed for this conversation (engine, turn, reason); the text verdict stands. */
  audio_error: z.string().optional(),
  /** The agent model of this conversation when its test chose one (llm_model, with the run's test_model_precedence on). */
  agent_model: RoleModel.optional(),
  /** Run option caller_fidelity: did the simulated caller stay in character and pursue its goal (judge model). */
  caller_fidelity: CallerFidelity.optional(),
  /** The caller broke character: the conversation does not test the agent (counted apart; compare ignores it). */
  caller_invalid: z.boolean().optional(),
  /** A checkpoint test's result (issue 34): where the given history ends; its checks are in `assertions`, `rules`, `metrics`. */
  checkpoint: CheckpointRecord.optional(),
  duration_ms: z.number().min(0),
  error: z.string().nullable().default(null),
  started_at: z.string(),
  finished_at: z.string(),
});
export type Result = z.infer<typeof Result>;

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

/** One failure of a run (failed metric, rule, assertion or error), as failure grouping sees it. */
export const FailureRecord = z.object({
  /** Index in the list sent to the model. */
  id: z.number().int().min(0),
  result_id: z.string(),
  test: z.string(),
  repeat: z.number().int().min(0),
  kind: z.enum(['metric', 'rule', 'assertion', 'error']),
  /** The criterion, check target or 'error'. */
  what: z.string(),
  detail: z.string(),
  turns: z.array(z.number().int()),
  nodes: z.array(z.string()),
});
export type FailureRecord = z.infer<typeof FailureRecord>;

export const FailureGroup = z.object({
  label: z.string(),
  description: z.string(),
  severity: Severity,
  occurrences: z.number().int().min(0),
  examples: z.array(FailureRecord),
});
export type FailureGroup = z.infer<typeof FailureGroup>;

/** A run's failures grouped into unique problems by one judge-model call (stored with the run). */
export const RunProblems = z.object({
  groups: z.array(FailureGroup),
  /** Failures no problem claimed. */
  ungrouped: z.array(FailureRecord),
  total_failures: z.number().int().min(0),
  /** The model that grouped them (PROVIDER:MODEL). */
  judge: z.string(),
  grouped_at: z.string(),
});
export type RunProblems = z.infer<typeof RunProblems>;

/** A deterministic slice of a run's plan: conversation k (0-based, in plan order) belongs to shard (k mod count) + 1. */
export const RunShard = z
  .object({ index: z.number().int().min(1), count: z.number().int().min(1).max(1000) })
  .refine((s) => s.index <= s.count, { message: 'shard index must be between 1 and the shard count', path: ['index'] });
export type RunShard = z.infer<typeof RunShard>;

/**
 * Speech in a run (issue 11). Specs are the user's own (CLI flags, the New run dialog), never read from
 * an imported suite or agent file: `command:` specs run local programs.
 */
/** The speech engine that was used (src-main/speech/types.ts SpeechIdentity). */
export const SpeechIdentity = z.object({
  engine: z.enum(['openai', 'command', 'whisper']),
  preset: z.string().optional(),
  model: z.string().optional(),
  model_sha256: z.string().optional(),
  endpoint: z.string().optional(),
  command: z.array(z.string()).optional(),
});
export type SpeechIdentity = z.infer<typeof SpeechIdentity>;

export const RunSpeechOptions = z.object({
  /** Text-to-speech engine spec: openai:MODEL[@URL], command:..., flite, espeak-ng, say, piper:MODEL (default flite). */
  tts: z.string().min(1).optional(),
  /** Speech-to-text engine spec: openai:MODEL[@URL], command:..., pocketsphinx, whisper-cli:MODEL (default pocketsphinx). */
  stt: z.string().min(1).optional(),
  /** Every agent message goes TTS -> STT; metrics and rules are judged again on what was heard. */
  audio_eval: z.boolean().optional(),
  /** Every simulated caller message goes TTS -> STT; the agent receives the recognised text. */
  caller_speech: z.boolean().optional(),
  /** Telephone line: 8 kHz band limit plus seeded noise at this level (noise RMS / speech RMS, 0..1). */
  phone_noise: z.number().min(0).max(1).optional(),
  /** Seed of the line noise and the callers' perturbations (default 0): the same seed does the same again. */
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  /** Speech workers of the process (default: one per CPU core; issue 27). */
  workers: z.number().int().min(1).max(64).optional(),
  /** The engines a run actually used (program, model file hash, server model), recorded by Parley when the run starts. */
  engines: z.object({ tts: SpeechIdentity.optional(), stt: SpeechIdentity.optional() }).optional(),
});
export type RunSpeechOptions = z.infer<typeof RunSpeechOptions>;

/** Imported calls: whether personal data was redacted before storing, and how many of each kind (never the values). */
export const RunRedaction = z.object({
  applied: z.boolean(),
  replaced: z.record(z.string(), z.number().int().min(0)).default({}),
});
export type RunRedaction = z.infer<typeof RunRedaction>;

export const RunOptions = z.object({
  concurrency: z.number().int().min(1).default(4),
  repeats: z.number().int().min(1).optional(),
  max_turns: z.number().int().min(1).optional(),
  tests: z.array(z.string()).optional(),
  /** After the run, its failures are grouped into problems; the run fails on a problem at or above this severity. */
  fail_on_severity: Severity.optional(),
  /** Persona x scenario matrix: every test runs once with each of these library personas (ids or names). */
  personas: z.array(z.string().min(1)).optional(),
  /** Score every agent turn with the judge model (also turned on by the suite's turn_quality). */
  turn_quality: z.boolean().optional(),
  /**
   * A conversation that outgrows the model's context: `end` (default) ends it with end reason
   * `context_full` and judges what happened; `trim` keeps the system prompt and the node instruction,
   * drops the oldest turns and records how many messages were dropped (context_trimmed).
   */
  context: z.enum(['end', 'trim']).optional(),
  /** A test's llm_model replaces the run's agent model for that test (voicetest's test_model_precedence). */
  test_model_precedence: z.boolean().optional(),
  /** Run only this slice of the plan (CI machines split a suite; `parley runs merge` joins the shards). */
  shard: RunShard.optional(),
  /** This run joins these shard runs (set by `parley runs merge`). */
  merged_from: z.array(z.string()).optional(),
  /**
   * The database files this run (or one of its shards) was copied from by `parley runs merge FILE...`.
   * Set by Parley on the copy, never read from the other file. Its stored model and speech specs came
   * from that file: they are never used by default (re-judge, audio evaluation, replay) unless the
   * user configured them here (src-main/app/runs/stored-specs.ts).
   */
  copied_from: z.array(z.string()).optional(),
  /** The project file (parley.config.json) this run's settings came from: recorded by `parley run` (docs/project-file.md). */
  project_file: z.string().optional(),
  /**
   * The shard run this one is a copy of: its id in the file it came from and a hash of its content (the run
   * and its conversations' keys), set by Parley on the copy. A repeated merge finds the copy and copies nothing.
   */
  copied_run: z.object({ id: z.string(), content: z.string() }).optional(),
  /** After each conversation, the judge scores whether the simulated caller stayed in character and pursued its goal. */
  caller_fidelity: z.boolean().optional(),
  /** Judge every conversation this many times and keep the majority verdict, with the flips per metric (default 1). */
  judge_repeats: z.number().int().min(1).optional(),
  /** The latency budget checked after the run (the suite's `latency`, unless given here); docs/latency.md. */
  latency_budget: LatencyBudget.optional(),
  /** A verdict's reasoning: `short` (default: one sentence of at most 120 characters) or `full` (up to 300). */
  judge_reasoning: z.enum(['short', 'full']).optional(),
  /** Speech: audio evaluation and/or the caller heard through speech recognition (issue 11). */
  speech: RunSpeechOptions.optional(),
  /**
   * Phone-caller behaviours for every caller of this run (barge-in, silence, noise, dropouts, rate, voice): the
   * lowest layer, under each persona's and each test's own, key by key (the New run dialog's "Caller behaviours").
   */
  perturbations: CallerPerturbations.optional(),
  /** Imported runs: the personal-data redaction applied on import (docs/redaction.md). */
  redaction: RunRedaction.optional(),
});
export type RunOptions = z.infer<typeof RunOptions>;

const capped = (what: string, max: number) =>
  z
    .number({ error: `expected a whole number from 1 to ${max} (${what})` })
    .int(`expected a whole number from 1 to ${max} (${what})`)
    .min(1, `expected a whole number from 1 to ${max} (${what})`)
    .max(max, `at most ${max.toLocaleString('en-US')} (${what}); expected a whole number from 1 to ${max}`);

/**
 * The options a new run may ask for: RunOptions with the caps of src-shared/limits.ts. Every door
 * checks these before anything is planned: the CLI's flags, the API's `runs.start`, test files
 * (their own caps in TestCase). Stored runs are read with RunOptions, so an old run is never unreadable.
 */
export const RunOptionsInput = RunOptions.extend({
  concurrency: capped('conversations at once', MAX_CONCURRENCY).default(4),
  repeats: capped('runs of every test', MAX_REPEATS).optional(),
  max_turns: capped('caller turns per conversation', MAX_TURNS).optional(),
  judge_repeats: capped('judgements of every conversation', MAX_JUDGE_REPEATS).optional(),
});
export type RunOptionsInput = z.input<typeof RunOptionsInput>;

export const RunSummary = z.object({
  total: z.number().int().min(0).default(0),
  passed: z.number().int().min(0).default(0),
  failed: z.number().int().min(0).default(0),
  errored: z.number().int().min(0).default(0),
  /** Conversations that ended because the model's context was full (end reason context_full), whatever their verdict. */
  context_full: z.number().int().min(0).optional(),
  /** Conversations whose simulated caller broke character (run option caller_fidelity), whatever their verdict. */
  invalid_caller: z.number().int().min(0).optional(),
});
export type RunSummary = z.infer<typeof RunSummary>;

export const Run = z.object({
  id: z.string(),
  kind: z.enum(['simulated', 'imported', 'replay']).default('simulated'),
  status: RunStatus,
  agent_id: z.string(),
  agent_version_id: z.string(),
  agent_name: z.string().default(''),
  suite_id: z.string().nullable().default(null),
  suite_name: z.string().default(''),
  models: z.object({ agent: RoleModel.optional(), caller: RoleModel.optional(), judge: RoleModel.optional() }),
  options: RunOptions.default({ concurrency: 4 }),
  summary: RunSummary.default({ total: 0, passed: 0, failed: 0, errored: 0 }),
  /** true when a role ran on the scripted model (src-shared/run/demo.ts): shown as "demo", never counted as evidence. */
  demo: z.boolean().default(false),
  /** Run this one replays or re-evaluates. */
  parent_run_id: z.string().nullable().default(null),
  /** The run this one was started from ("Run again", "Run on another model"): compare's baseline A. */
  source_run_id: z.string().nullable().default(null),
  error: z.string().nullable().default(null),
  /** Its failures grouped into problems, once grouped (`parley run --group-failures`, the run page). */
  problems: RunProblems.nullable().default(null),
  /** Load and errors per model endpoint during the run (HTTP models; null when none or not recorded). */
  endpoint_stats: z.array(EndpointStatsRecord).nullable().default(null),
  created_at: z.string(),
  started_at: z.string().nullable().default(null),
  finished_at: z.string().nullable().default(null),
});
export type Run = z.infer<typeof Run>;
