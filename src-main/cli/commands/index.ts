import type { Command } from 'commander';

export type RegisterCommand = (program: Command) => void;

/**
 * Every top-level command, in the order `parley --help` lists them, each with the modules that register it
 * loaded only when asked for: `parley runs list` imports the runs command and what it needs, not llama.cpp,
 * exceljs or the Python parser. `names` are the top-level words the entry registers.
 */
export interface CommandEntry {
  names: string[];
  load: () => Promise<RegisterCommand[]>;
}

const one =
  <M>(load: () => Promise<M>, pick: (m: M) => RegisterCommand): (() => Promise<RegisterCommand[]>) =>
  async () => [pick(await load())];

export const COMMANDS: CommandEntry[] = [
  {
    names: ['init'],
    load: one(
      () => import('./init.js'),
      (m) => m.registerInit,
    ),
  },
  {
    names: ['import'],
    load: one(
      () => import('./import.js'),
      (m) => m.registerImport,
    ),
  },
  {
    names: ['validate'],
    load: one(
      () => import('./validate.js'),
      (m) => m.registerValidate,
    ),
  },
  {
    names: ['analyze'],
    load: one(
      () => import('./analyze.js'),
      (m) => m.registerAnalyze,
    ),
  },
  {
    names: ['generate'],
    load: one(
      () => import('./generate-tests.js'),
      (m) => m.registerGenerate,
    ),
  },
  {
    names: ['export'],
    load: one(
      () => import('./export.js'),
      (m) => m.registerExport,
    ),
  },
  {
    names: ['run'],
    load: one(
      () => import('./run.js'),
      (m) => m.registerRun,
    ),
  },
  {
    names: ['rerun'],
    load: one(
      () => import('./rerun.js'),
      (m) => m.registerRerun,
    ),
  },
  {
    names: ['models'],
    load: one(
      () => import('./models.js'),
      (m) => m.registerModels,
    ),
  },
  {
    names: ['diff'],
    load: one(
      () => import('./diff.js'),
      (m) => m.registerDiff,
    ),
  },
  {
    names: ['compare'],
    load: one(
      () => import('./compare.js'),
      (m) => m.registerCompare,
    ),
  },
  {
    names: ['import-calls'],
    load: one(
      () => import('./import-calls.js'),
      (m) => m.registerImportCalls,
    ),
  },
  {
    names: ['evaluate'],
    load: one(
      () => import('./evaluate.js'),
      (m) => m.registerEvaluate,
    ),
  },
  {
    names: ['replay'],
    load: one(
      () => import('./replay.js'),
      (m) => m.registerReplay,
    ),
  },
  {
    names: ['rejudge'],
    load: one(
      () => import('./rejudge.js'),
      (m) => m.registerRejudge,
    ),
  },
  {
    names: ['pin'],
    load: one(
      () => import('./pin.js'),
      (m) => m.registerPin,
    ),
  },
  {
    names: ['diagnose'],
    load: one(
      () => import('./diagnose.js'),
      (m) => m.registerDiagnose,
    ),
  },
  {
    names: ['fix'],
    load: one(
      () => import('./fix.js'),
      (m) => m.registerFix,
    ),
  },
  {
    names: ['labels'],
    load: one(
      () => import('./labels/index.js'),
      (m) => m.registerLabels,
    ),
  },
  {
    names: ['audio-eval'],
    load: one(
      () => import('./audio-eval.js'),
      (m) => m.registerAudioEval,
    ),
  },
  {
    names: ['speech'],
    load: one(
      () => import('./speech.js'),
      (m) => m.registerSpeech,
    ),
  },
  {
    names: ['agents'],
    load: one(
      () => import('./agents.js'),
      (m) => m.registerAgents,
    ),
  },
  {
    names: ['personas'],
    load: one(
      () => import('./personas.js'),
      (m) => m.registerPersonas,
    ),
  },
  {
    // `runs export` lives in its own module and joins the `runs` command
    names: ['runs'],
    load: async () => {
      const [runs, runsExport] = await Promise.all([import('./runs.js'), import('./runs-export.js')]);
      return [runs.registerRuns, runsExport.registerRunsExport];
    },
  },
  {
    names: ['redteam'],
    load: one(
      () => import('./redteam.js'),
      (m) => m.registerRedteam,
    ),
  },
  {
    names: ['serve'],
    load: one(
      () => import('./serve.js'),
      (m) => m.registerServe,
    ),
  },
  {
    names: ['backup'],
    load: one(
      () => import('./backup.js'),
      (m) => m.registerBackup,
    ),
  },
];

/**
 * The entries a command line needs: only its command's when its first word names one; none for a bare
 * `--version`; all of them otherwise (`--help`, `help`, a mistyped command, which commander answers with a
 * suggestion drawn from every name).
 */
export function commandsFor(args: string[]): CommandEntry[] {
  const word = args.find((a) => !a.startsWith('-'));
  if (word !== undefined) {
    const entry = COMMANDS.find((c) => c.names.includes(word));
    return entry ? [entry] : COMMANDS;
  }
  const asksVersion = args.some((a) => a === '-v' || a === '--version');
  const asksHelp = args.some((a) => a === '-h' || a === '--help');
  return asksVersion && !asksHelp ? [] : COMMANDS;
}
