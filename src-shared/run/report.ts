import { demoNote, scriptedRoles } from './demo.js';
import { wilson, type Proportion } from '../stats/wilson.js';
import { runLatencyReport, type RunLatencyReport } from '../latency/run-latency-report.js';
import { speechLabel } from './speech-label.js';
import { audioOnlyFailure } from './audio-findings.js';
import type { RoleFitness } from '../readiness/fitness.js';
import {
  speechResultReport,
  speechRunReport,
  speechTurnFields,
  type SpeechResultReport,
  type SpeechRunReport,
} from '../speech/speech-report.js';
import type {
  CallerFidelity,
  CheckResult,
  CheckpointRecord,
  EndpointStatsRecord,
  MetricResult,
  ModelIdentity,
  NodeVisit,
  Result,
  RoleModel,
  Run,
  RunOptions,
  RunProblems,
  RunSummary,
  TranscriptTurn,
  TurnLatency,
  TurnQuality,
} from '../schemas/index.js';

/**
 * The JSON shape `parley run --json` and `parley runs show --json` print: every stored fact of a run
 * and of each result (issue 24), except those listed with their reason in REPORT_LEFT_OUT
 * (tests/unit/shared/run/report-coverage.test.ts fails when a stored field is neither). Each group of
 * facts is one small function below, so a new stored field slots into its group.
 */
export interface RunReport {
  run_id: string;
  status: Run['status'];
  kind: Run['kind'];
  /** true when a role ran on the scripted model: the passes are scripted, not evidence. */
  demo: boolean;
  /** Why a demo run is not evidence (only on demo runs). */
  demo_note?: string;
  agent: { id: string; version_id: string; name: string };
  suite: string;
  suite_id: string | null;
  passed: number;
  failed: number;
  errored: number;
  /** Conversations that ended because the model's context was full (end reason context_full). */
  context_full?: number;
  /** The run summary as stored (total, counts, invalid callers). */
  summary: RunSummary;
  /** passed of (passed + failed + errored), with its 95% Wilson interval (low/high); rate null when nothing was judged. */
  pass_rate: Proportion;
  models: { agent?: ModelIdentity | string; caller?: ModelIdentity | string; judge?: ModelIdentity | string };
  /** Each role's model as stored: the spec asked for (with its parameters) and the identity that answered. */
  role_models: { agent?: RoleModel; caller?: RoleModel; judge?: RoleModel };
  /** Every option the run ran with (repeats, max turns, speech with the engines used...). */
  options: RunOptions;
  /** How the run used speech ("audio eval · caller via STT · espeak-ng -> pocketsphinx"); absent for a text run. */
  speech?: string;
  /** Conversations that passed on the text and failed on what was heard (audio evaluation). */
  audio_only_failures?: number;
  /** The stored readiness verdict of each role's model (added by the door, which reads the store). */
  fitness?: RoleFitness[];
  /** The run this one replays or re-evaluates. */
  parent_run_id: string | null;
  /** The run this one was started from ("Run again", "Run on another model"). */
  source_run_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  /** The failures grouped into problems, when they were grouped. */
  problems?: RunProblems;
  /** p50/p95 latency of the agent turns and the latency budget checked (docs/latency.md). */
  latency?: RunLatencyReport;
  /** Load and errors per model endpoint (models served over HTTP). */
  endpoints?: EndpointStatsRecord[];
  /** The shard runs this run joins (`parley runs merge`). */
  merged_from?: string[];
  /** The database files it (or a shard) was copied from: its stored specs are not used by default. */
  copied_from?: string[];
  /** The project file (parley.config.json) the run's settings came from. */
  project_file?: string;
  /** Speech figures: word error rates each way with their intervals, turns not spoken, caller behaviours. */
  speech_figures?: SpeechRunReport;
  results: ResultReport[];
}

export interface TurnReport {
  role: string;
  content: string;
  node?: string;
  /** Tool turns: the tool's name. */
  tool?: string;
  /** What speech recognition heard of `content`: on agent turns what the caller heard, on caller turns what the agent received. */
  heard?: string;
  /** The speech round trip of this turn failed (engine, turn, reason). */
  speech_error?: string;
  latency?: TurnLatency;
  /** How this turn was spoken and heard (speech engines, timings, word error rate). */
  speech?: TranscriptTurn['speech'];
  /** What the simulated caller did on this turn (barge-in, silence, noise, dropout...). */
  perturbation?: TranscriptTurn['perturbation'];
}

export interface ResultReport {
  id: string;
  test: string;
  test_index: number;
  repeat: number;
  status: Result['status'];
  end_reason: Result['end_reason'];
  turns: number;
  nodes_visited: string[];
  /** Each node entered: at which transcript turn, by which transition and why. */
  path: NodeVisit[];
  tools_called: {
    name: string;
    args: Record<string, unknown>;
    result: unknown;
    error?: string;
    node?: string;
    /** false when no mock matched (the test fails naming the tool). */
    mocked: boolean;
  }[];
  transcript: TurnReport[];
  /** Variables extracted during the conversation. */
  variables: Record<string, unknown>;
  /** Verdicts per metric; with judge repeats, every judgement and the flips. */
  metrics: MetricResult[];
  rules: CheckResult[];
  assertions: CheckResult[];
  /** Audio evaluation: the metrics judged again on what was heard. */
  audio_metrics?: MetricResult[];
  /** Audio evaluation: the rule checks run again on what was heard. */
  audio_rules?: CheckResult[];
  /** The audio part failed for this conversation (the text verdict stands). */
  audio_error?: string;
  /** Passed on the text and failed on what was heard. */
  audio_only_failure?: boolean;
  /** Did the simulated caller stay in character and pursue its goal (run option caller_fidelity). */
  caller_fidelity?: CallerFidelity;
  /** The caller broke character: the conversation tests nothing about the agent. */
  caller_invalid?: boolean;
  tokens: Result['tokens'];
  duration_ms: number;
  started_at: string;
  finished_at: string;
  error: string | null;
  /** Messages dropped because the conversation outgrew the context (run option context: trim). */
  context_trimmed?: number;
  /** The agent model the test chose (llm_model with test_model_precedence), when not the run's. */
  agent_model?: ModelIdentity | string;
  /** That model as stored: the spec asked for (with its parameters) and the identity that answered. */
  agent_role_model?: RoleModel;
  /** Per-turn quality scores, when the run scored them. */
  turn_quality?: TurnQuality;
  /** Speech figures: this conversation's word error rates and caller behaviours. */
  speech_figures?: SpeechResultReport;
  /** A checkpoint test (issue 34): transcript[0 .. given_turns) is the given history, the rest the one step. */
  checkpoint?: CheckpointRecord;
}

/**
 * Stored fields the report leaves out on purpose, with the reason (paths as in the zod schemas of
 * src-shared/schemas/run.ts, `run.` or `result.` first). Everything else is reported.
 */
export const REPORT_LEFT_OUT: Record<string, string> = {
  'result.run_id': "a run's report holds only its own results: the run's id is `run_id` at its top",
  'result.model_calls':
    "every model call's tokens and time: summed in `tokens` and in each turn's `latency`; `parley runs export` keeps each call",
};

/** Stored fields the report shows under another name (stored path -> report path). */
export const REPORT_RENAMED: Record<string, string> = {
  'run.id': 'run.run_id',
  'run.agent_id': 'run.agent.id',
  'run.agent_version_id': 'run.agent.version_id',
  'run.agent_name': 'run.agent.name',
  'run.suite_name': 'run.suite',
  'run.models': 'run.role_models',
  'run.endpoint_stats': 'run.endpoints',
  'result.nodes_visited': 'result.path',
  'result.agent_model': 'result.agent_role_model',
};

const roleModel = (m: Run['models']['agent']) => (m ? (m.identity ?? `${m.spec.provider}:${m.spec.model}`) : undefined);
const ifSet = <K extends string, V>(key: K, v: V | undefined | null | false): { [P in K]?: V } =>
  (v === undefined || v === null || v === false ? {} : { [key]: v }) as { [P in K]?: V };

function turnReport(t: Result['transcript'][number]): TurnReport {
  return {
    role: t.role,
    content: t.content,
    ...ifSet('node', t.node),
    ...ifSet('tool', t.tool),
    ...ifSet('heard', t.heard),
    ...ifSet('speech_error', t.speech_error),
    ...ifSet('latency', t.latency),
    ...speechTurnFields(t),
  };
}

/** Which test, which repeat, how it ended. */
const outcomeFacts = (r: Result) => ({
  id: r.id,
  test: r.test,
  test_index: r.test_index,
  repeat: r.repeat,
  status: r.status,
  end_reason: r.end_reason,
  turns: r.turns,
});

/** What happened: the path, the tools, the transcript (with what was heard), the variables. */
const conversationFacts = (r: Result) => ({
  nodes_visited: r.nodes_visited.map((v) => v.node),
  path: r.nodes_visited,
  tools_called: r.tools_called.map((t) => ({
    name: t.name,
    args: t.args,
    result: t.result,
    ...ifSet('error', t.error),
    ...ifSet('node', t.node),
    mocked: t.mocked,
  })),
  transcript: r.transcript.map(turnReport),
  variables: r.variables,
  ...ifSet('checkpoint', r.checkpoint),
});

/** The verdicts on the text: metrics (with judge repeats and flips), rules, assertions, turn quality. */
const verdictFacts = (r: Result) => ({
  metrics: r.metrics,
  rules: r.rules,
  assertions: r.assertions,
  ...ifSet('turn_quality', r.turn_quality),
});

/** The verdicts on what was heard (audio evaluation). */
const audioFacts = (r: Result) => ({
  ...ifSet('audio_metrics', r.audio_metrics),
  ...ifSet('audio_rules', r.audio_rules),
  ...ifSet('audio_error', r.audio_error),
  ...ifSet('audio_only_failure', audioOnlyFailure(r)),
});

/** The simulated caller's fidelity. */
const callerFacts = (r: Result) => ({
  ...ifSet('caller_fidelity', r.caller_fidelity),
  ...ifSet('caller_invalid', r.caller_invalid),
});

/** Cost, time, errors and the model's context. */
const usageFacts = (r: Result) => ({
  tokens: r.tokens,
  duration_ms: r.duration_ms,
  started_at: r.started_at,
  finished_at: r.finished_at,
  error: r.error,
  ...ifSet('context_trimmed', r.context_trimmed),
  ...ifSet('agent_model', r.agent_model && roleModel(r.agent_model)),
  ...ifSet('agent_role_model', r.agent_model),
});

export function toResultReport(r: Result): ResultReport {
  return {
    ...outcomeFacts(r),
    ...conversationFacts(r),
    ...verdictFacts(r),
    ...audioFacts(r),
    ...callerFacts(r),
    ...usageFacts(r),
    ...withResultSpeech(r),
  };
}

function withResultSpeech(r: Result): { speech_figures?: SpeechResultReport } {
  const figures = speechResultReport(r);
  return figures ? { speech_figures: figures } : {};
}

function withRunSpeech(results: Result[]): { speech_figures?: SpeechRunReport } {
  const figures = speechRunReport(results);
  return figures ? { speech_figures: figures } : {};
}

/** A run's pass rate with its 95% Wilson interval: passed of the judged conversations (imported ones are not judged). */
export function runPassRate(run: Pick<Run, 'summary'>): Proportion {
  const s = run.summary;
  return wilson(s.passed, s.passed + s.failed + s.errored);
}

export function toRunReport(run: Run, results: Result[]): RunReport {
  const audioOnly = results.filter(audioOnlyFailure).length;
  return {
    run_id: run.id,
    status: run.status,
    kind: run.kind,
    demo: run.demo,
    ...(run.demo ? { demo_note: demoNote(scriptedRoles(run.models)) } : {}),
    agent: { id: run.agent_id, version_id: run.agent_version_id, name: run.agent_name },
    suite: run.suite_name,
    suite_id: run.suite_id,
    passed: run.summary.passed,
    failed: run.summary.failed,
    errored: run.summary.errored,
    ...(run.summary.context_full ? { context_full: run.summary.context_full } : {}),
    summary: run.summary,
    pass_rate: runPassRate(run),
    models: {
      agent: roleModel(run.models.agent),
      caller: roleModel(run.models.caller),
      judge: roleModel(run.models.judge),
    },
    role_models: run.models,
    options: run.options,
    ...ifSet('speech', speechLabel(run.options.speech)),
    ...(audioOnly ? { audio_only_failures: audioOnly } : {}),
    parent_run_id: run.parent_run_id,
    source_run_id: run.source_run_id,
    created_at: run.created_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
    error: run.error,
    ...(run.problems ? { problems: run.problems } : {}),
    ...withLatency(run, results),
    ...(run.endpoint_stats?.length ? { endpoints: run.endpoint_stats } : {}),
    ...(run.options.merged_from?.length ? { merged_from: run.options.merged_from } : {}),
    ...(run.options.copied_from?.length ? { copied_from: run.options.copied_from } : {}),
    ...(run.options.project_file ? { project_file: run.options.project_file } : {}),
    ...withRunSpeech(results),
    results: results.map(toResultReport),
  };
}

function withLatency(run: Run, results: Result[]): { latency?: RunLatencyReport } {
  const latency = runLatencyReport(run, results);
  return latency ? { latency } : {};
}
