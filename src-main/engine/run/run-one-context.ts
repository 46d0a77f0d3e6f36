import type { AgentGraph, Persona, TestSuite, CallerPerturbations } from '../../../src-shared/schemas/index.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import type { EngineLimits } from '../limits.js';
import type { CallLimiter } from '../model-io/model-calls.js';
import type { ContextPolicy } from '../model-io/context-trim.js';
import type { RunModels } from '../model-io/run-models.js';
import type { RunSpeech } from './audio-eval.js';

/** What every conversation of a run shares (run-one.ts, run-checkpoint.ts). */
export interface RunOneContext {
  runId: string;
  graph: AgentGraph;
  suite: TestSuite;
  models: RunModels;
  limiter: CallLimiter;
  signal: AbortSignal;
  emit: (e: RunEvent) => void;
  resolvePersona?: (id: string) => Persona | undefined;
  limits?: Partial<EngineLimits>;
  judgeCombined?: boolean;
  /** Run option caller_fidelity: the judge scores whether the simulated caller stayed in character. */
  callerFidelity?: boolean;
  /** Run option judge_repeats: judgements per conversation, majority verdict. */
  judgeRepeats?: number;
  patternTimeoutMs?: number;
  /** Score every agent turn with the judge model (RunOptions/TestSuite turn_quality). */
  turnQuality?: boolean;
  /** A conversation that outgrows the model's context ends (`context_full`, default) or drops its oldest turns. */
  contextPolicy?: ContextPolicy;
  now?: () => Date;
  /** Speech (issue 11): audio evaluation and/or caller speech, with the engines loaded once per run. */
  speech?: RunSpeech;
  /** Seed of the callers' perturbations when the run has no speech (options.speech.seed; default 0). */
  callerSeed?: number;
  /** The run's caller behaviours (options.perturbations), under each persona's and test's own. */
  runPerturbations?: CallerPerturbations;
}
