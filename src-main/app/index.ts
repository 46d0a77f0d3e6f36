/**
 * The application layer: the use cases both doors share, as one method table (app/method-table.ts; the rooms
 * are listed in app/rooms.ts). The app's API (api/dispatch.ts) and the command line (cli/commands) call its
 * methods by name and keep only parsing and printing; the engine below runs the one run loop
 * (engine/run/execute-plan.ts).
 *
 *   const app = createApp(store, () => registry);
 *   const handle = await app.runs.start({ agent, suite, models, options }, { onEvent });
 *   handle.total; await handle.done;
 */
export { createApp, type App } from './app.js';
export {
  callMethod,
  defineRoom,
  createMethodTable,
  type Method,
  type Methods,
  type MethodTable,
  type Room,
} from './method-table.js';
export type { ApiContext, Keychain } from './door/context.js';
export { requireFileAccess } from './door/files.js';
export { JobRegistry } from './jobs/registry.js';
export type { Job, JobControl, JobSpec } from './jobs/job.js';
export { AppError, invalid, notFound, conflict, unavailable, notBuilt } from './errors.js';
export { resolveAgentVersion, runAgentOf, requireRun, finishedRun, type ResolvedVersion } from './refs/resolve.js';
export {
  isFilePath,
  requireSuite,
  suiteSnapshotOfRun,
  resolveAgentRef,
  resolveSuiteRef,
  runAgentFromRef,
  type RefOptions,
  type ResolvedAgent,
} from './refs/refs.js';
export { ModelService, modelFailure, type ModelRole } from './models/models.js';
export {
  RunService,
  type RunHooks,
  type RunJob,
  type StartRequest,
  type ReplayRequest,
  type EvaluateRequest,
} from './runs/runs.js';
export {
  DEFAULT_OLLAMA_URL,
  defaultOpenAiEndpoints,
  listModels,
  providerDetail,
  pullModelJob,
  type ModelSources,
  type ListedModels,
} from './models/list-models.js';
export { checkRunModels, runPrompts, notStarted, type RunModelSpecs } from './models/preflight.js';
export {
  mergeShardRuns,
  mergeShards,
  type MergeRequest,
  type MergeOutcome,
  type MergeJobResult,
} from './shards/merge-runs.js';
export { AnalysisService } from './analysis/analysis.js';
export {
  RejudgeService,
  judgeLabel,
  MAX_REJUDGE_K,
  MAX_REJUDGE_JUDGES,
  type RejudgeRequest,
  type RejudgeOutcome,
} from './judgements/rejudge.js';
export { LabelsService, REVIEWER_SETTING, type ImportOutcome, type LabelledVerdict } from './judgements/labels.js';
export {
  ReadinessService,
  MAX_READINESS_CONCURRENCY,
  type ReadinessRequest,
  type ReadinessHooks,
} from './models/readiness.js';
export { modelFitness, runFitness } from './models/model-fitness.js';
export { runReport } from './runs/run-report.js';
export { AudioEvalService, lostInSpeech, type AudioEvalRequest, type AudioEvalOutcome } from './speech/audio-eval.js';
export { speechTest, type SpeechTestRequest, type SpeechTestOutcome } from './speech/speech-test.js';
export { readImportText, FileRefusal } from './agents/input-files.js';
export { openAppStore, storedReadinessChecks, withApp, cliDoor, type CliDoor } from './open.js';
export { openWebContext, type WebContext } from './door/web-context.js';
export { runPassed, modelMatrix } from './runs/run-outcome.js';
export { pinStoredTurn, addToStoredSuite, addToSuiteFile, type PinRequest, type PinnedTest } from './runs/pin.js';

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
} from './compare/compare-runs.js';
export { portableRun, exportRun } from '../reports/run-export.js';
export { failureReasons, toJUnitXml, toJUnitXmlRuns } from '../reports/junit.js';
export { preflightText, type ModelProblem } from '../providers/preflight.js';
export {
  exportAgentFile,
  exportAgentRef,
  formatsList,
  EXPORT_FORMATS,
  type ExportFormat,
} from './agents/export-agent.js';
export {
  exportAgentVersion,
  graphDiff,
  importAgentFiles,
  importFixedGraph,
  locateGraphPath,
  validateAgentGraph,
} from './agents/agent-files.js';
export { importCallFiles, importCallTexts, CALL_FORMATS, type CallFormat } from './calls/calls.js';
export { importPersonaFiles, importPersonaMarkdown, type GenerateRequest } from './suites/personas.js';
export { PlaygroundService, fromInteractive, type PlaygroundStartRequest } from './playground/playground.js';
export { importAgentPath, validateAgentPaths, readError, type FileReport, type Issue } from './agents/file-reports.js';
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
} from './runs/project-file.js';
