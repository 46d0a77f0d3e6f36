import type { Command } from 'commander';
import { registerNotBuilt } from '../not-built.js';
import { registerAgents } from './agents.js';
import { registerCompare } from './compare.js';
import { registerDiff } from './diff.js';
import { registerEvaluate } from './evaluate.js';
import { registerImportCalls } from './import-calls.js';
import { registerReplay } from './replay.js';
import { registerBackup } from './backup.js';
import { registerModels } from './models.js';
import { registerRuns } from './runs.js';
import { registerRunsExport } from './runs-export.js';
import { registerServe } from './serve.js';

export type RegisterCommand = (program: Command) => void;

/** Every top-level command, in the order `parley --help` lists them. */
export const COMMANDS: RegisterCommand[] = [
  (p) => registerNotBuilt(p, 'import', 'import agents or test suites from files', 'issue 3'),
  (p) => registerNotBuilt(p, 'validate', 'check agent files without importing', 'issue 3'),
  (p) => registerNotBuilt(p, 'export', 'export an agent to another format', 'issue 3'),
  (p) => registerNotBuilt(p, 'run', 'run a test suite against an agent', 'issue 4'),
  registerModels,
  registerDiff,
  registerCompare,
  registerImportCalls,
  registerEvaluate,
  registerReplay,
  registerAgents,
  registerRuns,
  registerRunsExport,
  registerServe,
  registerBackup,
];
