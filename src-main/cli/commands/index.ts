import type { Command } from 'commander';
import { registerNotBuilt } from '../not-built.js';
import { registerAgents } from './agents.js';
import { registerBackup } from './backup.js';
import { registerRuns } from './runs.js';
import { registerServe } from './serve.js';

export type RegisterCommand = (program: Command) => void;

/** Every top-level command, in the order `parley --help` lists them. */
export const COMMANDS: RegisterCommand[] = [
  (p) => registerNotBuilt(p, 'import', 'import agents or test suites from files', 'issue 3'),
  (p) => registerNotBuilt(p, 'validate', 'check agent files without importing', 'issue 3'),
  (p) => registerNotBuilt(p, 'export', 'export an agent to another format', 'issue 3'),
  (p) => registerNotBuilt(p, 'run', 'run a test suite against an agent', 'issue 4'),
  (p) => registerNotBuilt(p, 'models', 'list available models', 'issue 5'),
  (p) => registerNotBuilt(p, 'diff', 'compare two runs', 'issue 6'),
  (p) => registerNotBuilt(p, 'compare', 'compare several runs (N-way matrix)', 'issue 6'),
  registerAgents,
  registerRuns,
  registerServe,
  registerBackup,
];
