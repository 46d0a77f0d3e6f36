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
export { callMethod } from './method-table.js';
export type { ApiContext } from './door/context.js';
export type { Job } from './jobs/job.js';
export { AppError, invalid, notFound, conflict, unavailable } from './errors.js';
export { resolveAgentVersion, runAgentOf } from './refs/resolve.js';
export { isFilePath, requireSuite, resolveAgentRef } from './refs/refs.js';
export { type RunJob } from './runs/runs.js';
export { DEFAULT_OLLAMA_URL, defaultOpenAiEndpoints, listModels } from './models/list-models.js';
export { type MergeJobResult } from './shards/merge-runs.js';
export { MAX_REJUDGE_K } from './judgements/rejudge.js';
export { type ImportOutcome } from './judgements/labels.js';
export { readImportText, FileRefusal } from './agents/input-files.js';
export { openAppStore, storedReadinessChecks, withApp, type CliDoor } from './open.js';
export { openWebContext } from './door/web-context.js';
export { runPassed, modelMatrix } from './runs/run-outcome.js';
export { pinStoredTurn, addToSuiteFile } from './runs/pin.js';

// What the doors print and export, from the rooms below (the doors import only app/)
export type { RunOutcome } from '../engine/index.js';
export {
  configModelsLine,
  diffStoredRuns,
  hasRegression,
  type ChangeKind,
  type MatrixCell,
  type RunDiff,
  type RunMatrix,
  type RunRef,
  type SideSummary,
  type TestComparison,
} from './compare/compare-runs.js';
export { portableRun } from '../reports/run-export.js';
export { failureReasons, toJUnitXml, toJUnitXmlRuns } from '../reports/junit.js';
export { preflightText } from '../providers/preflight.js';
export { exportAgentFile, EXPORT_FORMATS, type ExportFormat } from './agents/export-agent.js';
export { PlaygroundService } from './playground/playground.js';
export { validateAgentPaths, type FileReport, type Issue } from './agents/file-reports.js';
export { editLabel, type DiagnoseOutcome, type FixHooks } from './fix/index.js';
export {
  PROJECT_FILE_NAME,
  findProjectFile,
  readProjectFile,
  projectSpec,
  writeProjectFile,
} from './runs/project-file.js';
