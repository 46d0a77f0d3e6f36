import type { Command } from 'commander';
import { registerAgents } from './agents.js';
import { registerAnalyze } from './analyze.js';
import { registerGenerate } from './generate-tests.js';
import { registerPersonas } from './personas.js';
import { registerExport } from './export.js';
import { registerImport } from './import.js';
import { registerValidate } from './validate.js';
import { registerCompare } from './compare.js';
import { registerDiff } from './diff.js';
import { registerEvaluate } from './evaluate.js';
import { registerImportCalls } from './import-calls.js';
import { registerReplay } from './replay.js';
import { registerRejudge } from './rejudge.js';
import { registerLabels } from './labels/index.js';
import { registerBackup } from './backup.js';
import { registerModels } from './models.js';
import { registerRun } from './run.js';
import { registerRuns } from './runs.js';
import { registerRunsExport } from './runs-export.js';
import { registerServe } from './serve.js';
import { registerAudioEval } from './audio-eval.js';
import { registerSpeech } from './speech.js';
import { registerDiagnose } from './diagnose.js';
import { registerFix } from './fix.js';
import { registerPin } from './pin.js';

export type RegisterCommand = (program: Command) => void;

/** Every top-level command, in the order `parley --help` lists them. */
export const COMMANDS: RegisterCommand[] = [
  registerImport,
  registerValidate,
  registerAnalyze,
  registerGenerate,
  registerExport,
  registerRun,
  registerModels,
  registerDiff,
  registerCompare,
  registerImportCalls,
  registerEvaluate,
  registerReplay,
  registerRejudge,
  registerPin,
  registerDiagnose,
  registerFix,
  registerLabels,
  registerAudioEval,
  registerSpeech,
  registerAgents,
  registerPersonas,
  registerRuns,
  registerRunsExport,
  registerServe,
  registerBackup,
];
