import type { ProviderRegistry } from '../providers/index.js';
import type { Store } from '../store/index.js';
import { AnalysisService } from './analysis/analysis.js';
import { LabelsService } from './judgements/labels.js';
import { ModelService } from './models/models.js';
import { ReadinessService } from './models/readiness.js';
import { RejudgeService } from './judgements/rejudge.js';
import { RunService } from './runs/runs.js';
import { AudioEvalService } from './speech/audio-eval.js';
import { JobRegistry } from './jobs/registry.js';
import { PersonaService } from './suites/personas.js';
import { FixService } from './fix/fix-service.js';

/**
 * The application's services over one store. The store itself is not on its face (issue 32): the doors read and
 * write through the method table (app/rooms.ts) or these services' methods.
 */
export interface App {
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
  /** Personas proposed from an agent's graph. */
  personas: PersonaService;
  /** From a failing test to a fixed agent version (docs/fix.md). */
  fix: FixService;
  /** Cancels every running job and waits (bounded) for them to settle. */
  dispose(timeoutMs?: number): Promise<void>;
}

export function createApp(store: Store, registry: () => ProviderRegistry): App {
  const models = new ModelService(store, registry);
  const jobs = new JobRegistry(store);
  const runs = new RunService(store, models, jobs);
  return {
    jobs,
    models,
    runs,
    analysis: new AnalysisService(store, models, jobs),
    judgements: new RejudgeService(store, models, jobs),
    labels: new LabelsService(store, jobs),
    readiness: new ReadinessService(store, models, jobs),
    audio: new AudioEvalService(store, models, jobs),
    personas: new PersonaService(store, models, jobs),
    fix: new FixService(store, models, runs, jobs),
    dispose: (timeoutMs) => jobs.dispose(timeoutMs),
  };
}
