/**
 * The application layer: the use cases both doors share. The app's API handlers (api/handlers) and
 * the command line (cli/commands) call these and keep only parsing and printing; the engine below
 * runs the one run loop (engine/run/execute-plan.ts).
 *
 *   const app = createApp(store, () => registry);
 *   const handle = await app.runs.start({ agent, suite, models, options }, { onEvent });
 *   handle.total; await handle.done;
 */
import type { ProviderRegistry } from '../providers/index.js';
import type { Store } from '../store/index.js';
import { AnalysisService } from './analysis.js';
import { LabelsService } from './labels.js';
import { ModelService } from './models.js';
import { ReadinessService } from './readiness.js';
import { RejudgeService } from './rejudge.js';
import { RunService } from './runs.js';
import { AudioEvalService } from './audio-eval.js';
import { JobRegistry } from './jobs/registry.js';

export interface App {
  store: Store;
  /** Every long job of this process (app/jobs/): progress, cancel, interrupted on the next start. */
  jobs: JobRegistry;
  models: ModelService;
  runs: RunService;
  analysis: AnalysisService;
  /** Re-judging stored conversations: judge consistency and judge against judge. */
  judgements: RejudgeService;
  /** Human labels of metric verdicts and their agreement with the judges. */
  labels: LabelsService;
  /** The model readiness check: known-answer tasks per role. */
  readiness: ReadinessService;
  /** Audio evaluation of finished runs (issue 11). */
  audio: AudioEvalService;
}

export function createApp(store: Store, registry: () => ProviderRegistry): App {
  const models = new ModelService(store, registry);
  const jobs = new JobRegistry(store);
  return {
    store,
    jobs,
    models,
    runs: new RunService(store, models),
    analysis: new AnalysisService(store, models),
    judgements: new RejudgeService(store, models),
    labels: new LabelsService(store),
    readiness: new ReadinessService(store, models),
    audio: new AudioEvalService(store, models),
  };
}

export { JobRegistry } from './jobs/registry.js';
export type { Job, JobControl, JobSpec } from './jobs/job.js';
export { AppError, invalid, notFound, conflict, unavailable, notBuilt } from './errors.js';
export {
  resolveAgentVersion,
  runAgentOf,
  requireRun,
  finishedRun,
  requireSuite,
  suiteOfRun,
  type ResolvedVersion,
} from './resolve.js';
export { ModelService, modelFailure, type ModelRole } from './models.js';
export { RunService, type RunHooks, type StartRequest, type ReplayRequest, type EvaluateRequest } from './runs.js';
export { listModels, type ModelSources, type ListedModels } from './list-models.js';
export { checkRunModels, runPrompts, notStarted, type RunModelSpecs } from './preflight.js';
export { mergeShardRuns, importShardRuns } from './merge-runs.js';
export { AnalysisService } from './analysis.js';
export {
  RejudgeService,
  judgeLabel,
  MAX_REJUDGE_K,
  MAX_REJUDGE_JUDGES,
  type RejudgeRequest,
  type RejudgeOutcome,
} from './rejudge.js';
export { LabelsService, REVIEWER_SETTING, type ImportOutcome } from './labels.js';
export {
  ReadinessService,
  MAX_READINESS_CONCURRENCY,
  type ReadinessRequest,
  type ReadinessHooks,
} from './readiness.js';
export { AudioEvalService, lostInSpeech, type AudioEvalRequest, type AudioEvalOutcome } from './audio-eval.js';
export { speechTest, type SpeechTestRequest, type SpeechTestOutcome } from './speech-test.js';
