import { DEMO_NOTE } from './demo.js';
import { wilson, type Proportion } from '../stats/wilson.js';
import { runLatencyReport, type RunLatencyReport } from '../latency/run-latency-report.js';
import {
  speechResultReport,
  speechRunReport,
  speechTurnFields,
  type SpeechResultReport,
  type SpeechRunReport,
} from '../speech/speech-report.js';
import type {
  EndpointStatsRecord,
  ModelIdentity,
  Result,
  Run,
  RunProblems,
  TranscriptTurn,
  TurnLatency,
  TurnQuality,
} from '../schemas/index.js';

/** The JSON shape `parley run --json` and `parley runs show --json` print. */
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
  passed: number;
  failed: number;
  errored: number;
  /** Conversations that ended because the model's context was full (end reason context_full). */
  context_full?: number;
  /** passed of (passed + failed + errored), with its 95% Wilson interval (low/high); rate null when nothing was judged. */
  pass_rate: Proportion;
  models: { agent?: ModelIdentity | string; caller?: ModelIdentity | string; judge?: ModelIdentity | string };
  created_at: string;
  finished_at: string | null;
  error: string | null;
  /** The failures grouped into problems, when they were grouped. */
  problems?: RunProblems;
  /** p50/p95 latency of the agent turns and the latency budget checked (docs/latency.md). */
  latency?: RunLatencyReport;
  /** Load and errors per model endpoint (models served over HTTP). */
  endpoints?: EndpointStatsRecord[];
  /** Speech (issue 27): word error rates each way with their intervals, turns not spoken, caller behaviours. */
  speech?: SpeechRunReport;
  results: ResultReport[];
}

export interface ResultReport {
  id: string;
  test: string;
  repeat: number;
  status: Result['status'];
  end_reason: Result['end_reason'];
  turns: number;
  nodes_visited: string[];
  tools_called: { name: string; args: Record<string, unknown>; result: unknown; error?: string }[];
  transcript: ({ role: string; content: string; node?: string; latency?: TurnLatency } & Pick<
    TranscriptTurn,
    'speech' | 'perturbation'
  >)[];
  metrics: Result['metrics'];
  rules: Result['rules'];
  assertions: Result['assertions'];
  tokens: Result['tokens'];
  duration_ms: number;
  error: string | null;
  /** Messages dropped because the conversation outgrew the context (run option context: trim). */
  context_trimmed?: number;
  /** The agent model the test chose (llm_model with test_model_precedence), when not the run's. */
  agent_model?: ModelIdentity | string;
  /** Per-turn quality scores, when the run scored them. */
  turn_quality?: TurnQuality;
  /** Speech (issue 27): this conversation's word error rates and caller behaviours. */
  speech?: SpeechResultReport;
}

const roleModel = (m: Run['models']['agent']) => (m ? (m.identity ?? `${m.spec.provider}:${m.spec.model}`) : undefined);

export function toResultReport(r: Result): ResultReport {
  return {
    id: r.id,
    test: r.test,
    repeat: r.repeat,
    status: r.status,
    end_reason: r.end_reason,
    turns: r.turns,
    nodes_visited: r.nodes_visited.map((v) => v.node),
    tools_called: r.tools_called.map((t) => ({
      name: t.name,
      args: t.args,
      result: t.result,
      ...(t.error ? { error: t.error } : {}),
    })),
    transcript: r.transcript.map((t) => ({
      role: t.role,
      content: t.content,
      ...(t.node ? { node: t.node } : {}),
      ...(t.latency ? { latency: t.latency } : {}),
      ...speechTurnFields(t),
    })),
    metrics: r.metrics,
    rules: r.rules,
    assertions: r.assertions,
    tokens: r.tokens,
    duration_ms: r.duration_ms,
    error: r.error,
    ...(r.context_trimmed ? { context_trimmed: r.context_trimmed } : {}),
    ...(r.agent_model ? { agent_model: roleModel(r.agent_model) } : {}),
    ...(r.turn_quality ? { turn_quality: r.turn_quality } : {}),
    ...withResultSpeech(r),
  };
}

function withResultSpeech(r: Result): { speech?: SpeechResultReport } {
  const speech = speechResultReport(r);
  return speech ? { speech } : {};
}

function withRunSpeech(results: Result[]): { speech?: SpeechRunReport } {
  const speech = speechRunReport(results);
  return speech ? { speech } : {};
}

/** A run's pass rate with its 95% Wilson interval: passed of the judged conversations (imported ones are not judged). */
export function runPassRate(run: Pick<Run, 'summary'>): Proportion {
  const s = run.summary;
  return wilson(s.passed, s.passed + s.failed + s.errored);
}

export function toRunReport(run: Run, results: Result[]): RunReport {
  return {
    run_id: run.id,
    status: run.status,
    kind: run.kind,
    demo: run.demo,
    ...(run.demo ? { demo_note: DEMO_NOTE } : {}),
    agent: { id: run.agent_id, version_id: run.agent_version_id, name: run.agent_name },
    suite: run.suite_name,
    passed: run.summary.passed,
    failed: run.summary.failed,
    errored: run.summary.errored,
    ...(run.summary.context_full ? { context_full: run.summary.context_full } : {}),
    pass_rate: runPassRate(run),
    models: {
      agent: roleModel(run.models.agent),
      caller: roleModel(run.models.caller),
      judge: roleModel(run.models.judge),
    },
    created_at: run.created_at,
    finished_at: run.finished_at,
    error: run.error,
    ...(run.problems ? { problems: run.problems } : {}),
    ...withLatency(run, results),
    ...(run.endpoint_stats?.length ? { endpoints: run.endpoint_stats } : {}),
    ...withRunSpeech(results),
    results: results.map(toResultReport),
  };
}

function withLatency(run: Run, results: Result[]): { latency?: RunLatencyReport } {
  const latency = runLatencyReport(run, results);
  return latency ? { latency } : {};
}
