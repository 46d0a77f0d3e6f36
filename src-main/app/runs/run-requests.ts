import type { RunEvent } from '../../../src-shared/contract/events.js';
import type { ModelSpec, RunOptions } from '../../../src-shared/schemas/index.js';
import type { RunOutcome, RunSuite } from '../../engine/index.js';
import type { Job } from '../jobs/job.js';
import type { RunModelSpecs } from '../models/preflight.js';

/** The shapes of the run use cases' requests and answers (RunService in runs.ts takes and gives these). */

/** What a door may listen to while a run runs: every run event (turns, streamed tokens, finished tests). */
export interface RunHooks {
  onEvent?: (e: RunEvent) => void;
}

/** A run as a job: its id and planned size are known as soon as it starts. */
export interface RunJob extends Job<RunOutcome> {
  readonly runId: string;
  /** Conversations in the whole run (a resumed run counts the finished ones too). */
  readonly total: number;
  /** A resume that took the run over from a process that still held its lock (`force`). */
  readonly takenOver?: boolean;
}

export interface StartRequest {
  /** Agent id or unique name. */
  agent: string;
  /** Version id or number; the latest when absent. */
  agent_version?: string;
  suite: RunSuite;
  models: RunModelSpecs;
  options?: Partial<RunOptions>;
  /** The stored run this one was started from ("Run again", "Run on another model"): compare's baseline. */
  source_run?: string;
  testEndpoints?: TestEndpointAccess;
  /** The id of a pre-run check the door already made and showed (`preflight`): not made again. */
  preflight_id?: string;
}

/** Which hosts a test file's own models (llm_model) may call beyond the ones the user configured. */
export interface TestEndpointAccess {
  allowAll?: boolean;
  /** What the refusal tells the user to do (each door has its own way to allow it). */
  howToAllow?: string;
}

export interface ResumeOptions {
  /** Take over a run another process still holds (a hung process). */
  force?: boolean;
  testEndpoints?: TestEndpointAccess;
  preflight_id?: string;
}

export interface ReplayRequest {
  run_id: string;
  agent_version?: string;
  agent_model?: ModelSpec;
  judge_model?: ModelSpec;
  concurrency?: number;
}

export interface EvaluateRequest {
  run_id: string;
  suite: RunSuite;
  judge?: ModelSpec;
  test?: string;
}
