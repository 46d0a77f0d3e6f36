/**
 * The application layer: the use cases both doors share. The app's API handlers (api/handlers) and
 * the command line (cli/commands) call these and keep only parsing and printing; the engine below
 * runs the one run loop (engine/run/execute-plan.ts).
 *
 *   const app = createApp(store, () => registry);
 *   const handle = await app.runs.start({ agent, suite, models, options }, { onEvent });
 *   handle.total; await handle.done;
 */
export { createApp, type App } from './app.js';
export { JobRegistry } from './jobs/registry.js';
export type { Job, JobControl, JobSpec } from './jobs/job.js';
export { AppError, invalid, notFound, conflict, unavailable, notBuilt } from './errors.js';
export { resolveAgentVersion, runAgentOf, requireRun, finishedRun, type ResolvedVersion } from './resolve.js';
export {
  isFilePath,
  requireSuite,
  suiteOfRun,
  resolveAgentRef,
  resolveSuiteRef,
  runAgentFromRef,
  type RefOptions,
  type ResolvedAgent,
} from './refs.js';
export { ModelService, modelFailure, type ModelRole } from './models.js';
export {
  RunService,
  type RunHooks,
  type RunJob,
  type StartRequest,
  type ReplayRequest,
  type EvaluateRequest,
} from './runs.js';
export {
  DEFAULT_OLLAMA_URL,
  defaultOpenAiEndpoints,
  listModels,
  providerDetail,
  pullModelJob,
  type ModelSources,
  type ListedModels,
} from './list-models.js';
export { checkRunModels, runPrompts, notStarted, type RunModelSpecs } from './preflight.js';
export {
  mergeShardRuns,
  mergeShards,
  type MergeRequest,
  type MergeOutcome,
  type MergeJobResult,
} from './merge-runs.js';
export { AnalysisService } from './analysis.js';
export {
  RejudgeService,
  judgeLabel,
  MAX_REJUDGE_K,
  MAX_REJUDGE_JUDGES,
  type RejudgeRequest,
  type RejudgeOutcome,
} from './rejudge.js';
export { LabelsService, REVIEWER_SETTING, type ImportOutcome, type LabelledVerdict } from './labels.js';
export {
  ReadinessService,
  MAX_READINESS_CONCURRENCY,
  type ReadinessRequest,
  type ReadinessHooks,
} from './readiness.js';
export { modelFitness, runFitness } from './model-fitness.js';
export { runReport } from './run-report.js';
export { AudioEvalService, lostInSpeech, type AudioEvalRequest, type AudioEvalOutcome } from './audio-eval.js';
export { speechTest, type SpeechTestRequest, type SpeechTestOutcome } from './speech-test.js';
export { readImportText, FileRefusal } from './input-files.js';
export { openAppStore, storedReadinessChecks, withApp } from './open.js';
export { runPassed, modelMatrix } from './run-outcome.js';
export { pinStoredTurn, addToStoredSuite, addToSuiteFile, type PinRequest, type PinnedTest } from './pin.js';

// What the doors print and export, from the rooms below (the doors import only app/)
export type { RunOutcome, RunAgent, RunSuite, TestOutcome } from '../engine/index.js';
export {
  compareStoredRuns,
  configModelsLine,
  diffStoredRuns,
  hasRegression,
  trustOfRun,
  type ChangeKind,
  type ConfigDifference,
  type MatrixCell,
  type RunConfig,
  type RunDiff,
  type RunMatrix,
  type RunRef,
  type SideSummary,
  type TestComparison,
} from './compare-runs.js';
export { portableRun, exportRun } from '../reports/run-export.js';
export { failureReasons, toJUnitXml, toJUnitXmlRuns } from '../reports/junit.js';
export { preflightText, type ModelProblem } from '../providers/preflight.js';
export { exportAgentRef, formatsList, EXPORT_FORMATS, type ExportFormat } from './export-agent.js';
export {
  exportAgentVersion,
  graphDiff,
  importAgentFiles,
  importFixedGraph,
  locateGraphPath,
  validateAgentGraph,
} from './agent-files.js';
export { importCallFiles, importCallTexts, CALL_FORMATS, type CallFormat } from './calls.js';
export { importPersonaFiles, importPersonaMarkdown, type GenerateRequest } from './personas.js';
export { PlaygroundService, fromInteractive, type PlaygroundStartRequest } from './playground.js';
export { importAgentPath, validateAgentPaths, readError, type FileReport, type Issue } from './file-reports.js';
export {
  FixService,
  DEFAULT_FIX_REPEATS,
  editLabel,
  type FixRequest,
  type DiagnoseOutcome,
  type FixHooks,
  type FixStepName,
} from './fix/index.js';
export {
  PROJECT_FILE_NAME,
  findProjectFile,
  readProjectFile,
  projectSpec,
  writeProjectFile,
  type ProjectFile,
} from './project-file.js';
