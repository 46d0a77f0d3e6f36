import { MAX_JUDGE_REPEATS } from '../../../../src-shared/limits.js';
import type { MethodInput } from '../../../../src-shared/contract/index.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { NO_SPEECH, speechOptionsOf, type SpeechDraft } from './speech-draft.js';
import { behavioursProblems, NO_BEHAVIOURS, perturbationsOf, type BehavioursDraft } from './behaviours-draft.js';
import type { RunSetup } from './run-setup.js';

import { runOfSuiteChoice } from './run-setup.js';
export { suiteFromRun, runOfSuiteChoice } from './run-setup.js';

/**
 * The New run dialog's form, pure (unit-tested): what it holds, what keeps it from starting, and the
 * `runs.start` input it sends. The dialog's hook (use-new-run.ts) keeps one draft and reads these.
 */
export interface NewRunDraft extends RunSetup {
  judgeRepeats: string;
  callerFidelity: boolean;
  speech: SpeechDraft;
  /** The callers' phone behaviours for the whole run (options.perturbations). */
  behaviours: BehavioursDraft;
}

export type RoleModels = RunSetup['models'];

export const draftOf = (setup: RunSetup): NewRunDraft => ({
  ...setup,
  judgeRepeats: '',
  callerFidelity: false,
  speech: NO_SPEECH,
  behaviours: NO_BEHAVIOURS,
});

const intOrUndef = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));
const badInt = (s: string, min: number) => s.trim() !== '' && (!Number.isInteger(Number(s)) || Number(s) < min);

/** What else decides whether the run can start, found by the dialog (model list, agent, pre-run check). */
export interface DraftFacts {
  /** The bundled example script is chosen for an agent it was not written for. */
  scriptOnOther: boolean;
  /** The pre-run check found an error in a model. */
  checkFailed: boolean;
}

export const SCRIPT_ON_OTHER =
  'the bundled example script was written for the example agent, so its passes here would be false: choose a real model (see "Get a small local model")';

/** Everything that keeps the run from starting, in the order the dialog shows it ("To start: …"). */
export function draftProblems(d: NewRunDraft, facts: DraftFacts): string[] {
  const problems: string[] = [];
  if (!d.agent) problems.push('choose an agent');
  if (!d.suite) problems.push('choose a test suite');
  for (const role of ['agent', 'caller', 'judge'] as const) {
    const p = modelProblem(d.models[role], role === 'agent');
    if (p) problems.push(`${role} model: ${p}`);
  }
  if (badInt(d.repeats, 1)) problems.push('repeats must be a whole number of 1 or more');
  if (badInt(d.concurrency, 1)) problems.push('concurrency must be a whole number of 1 or more');
  if (badInt(d.maxTurns, 1)) problems.push('max turns must be a whole number of 1 or more');
  if (badInt(d.judgeRepeats, 1) || Number(d.judgeRepeats) > MAX_JUDGE_REPEATS)
    problems.push(`judge repeats must be a whole number from 1 to ${MAX_JUDGE_REPEATS}`);
  for (const p of behavioursProblems(d.behaviours ?? NO_BEHAVIOURS, d.speech.callerSpeech)) problems.push(p);
  if (facts.scriptOnOther) problems.push(SCRIPT_ON_OTHER);
  if (facts.checkFailed) problems.push('fix the model problems shown above');
  return problems;
}

/** Whether the models can be checked before the run (every model chosen and none refused for another reason). */
export function modelsCheckable(d: NewRunDraft, scriptOnOther: boolean): boolean {
  if (!d.models.agent || scriptOnOther) return false;
  return (['agent', 'caller', 'judge'] as const).every((r) => !modelProblem(d.models[r], r === 'agent'));
}

/** The bundled example script chosen for any role of an agent that is not the bundled example. */
export function bundledScriptOnOther(models: RoleModels, bundledScripts: Set<string>, isExample: boolean): boolean {
  if (isExample) return false;
  return (['agent', 'caller', 'judge'] as const).some(
    (r) => models[r]?.provider === 'scripted' && bundledScripts.has(models[r]!.model.trim()),
  );
}

/**
 * The `runs.start` input of a ready draft. `ownModels`: the suite's tests name their own agent models.
 * `sourceRunId`: the run it was started from ("Run again", "Run on another model"), recorded with the new one.
 */
export function startInputOf(d: NewRunDraft, ownModels: boolean, sourceRunId?: string): MethodInput<'runs.start'> {
  const fromRun = runOfSuiteChoice(d.suite);
  const models = d.models as Required<Pick<RoleModels, 'agent'>> & RoleModels;
  const speech = speechOptionsOf(d.speech);
  const perturbations = perturbationsOf(d.behaviours ?? NO_BEHAVIOURS);
  const int = (s: string) => intOrUndef(s);
  return {
    agent_id: d.agent,
    ...(fromRun ? { suite_from_run: fromRun } : { suite_id: d.suite }),
    ...(sourceRunId ? { source_run_id: sourceRunId } : {}),
    models: {
      agent: models.agent as ModelSpecInput,
      ...(models.caller ? { caller: models.caller } : {}),
      ...(models.judge ? { judge: models.judge } : {}),
    } as MethodInput<'runs.start'>['models'],
    options: {
      ...(int(d.repeats) ? { repeats: int(d.repeats) } : {}),
      ...(int(d.concurrency) ? { concurrency: int(d.concurrency) } : {}),
      ...(int(d.maxTurns) ? { max_turns: int(d.maxTurns) } : {}),
      ...(int(d.judgeRepeats) ? { judge_repeats: int(d.judgeRepeats) } : {}),
      ...(d.testModels && ownModels ? { test_model_precedence: true } : {}),
      ...(d.turnQuality ? { turn_quality: true } : {}),
      ...(d.callerFidelity ? { caller_fidelity: true } : {}),
      ...(d.judgeReasoningFull ? { judge_reasoning: 'full' as const } : {}),
      ...(d.personas.length ? { personas: d.personas } : {}),
      ...(speech ? { speech } : {}),
      ...(perturbations ? { perturbations } : {}),
    },
  };
}

/** The set-up remembered for the next New run (a run's suite copy is not: it belongs to that run). */
export function setupToRemember(d: NewRunDraft): RunSetup {
  return {
    agent: d.agent,
    suite: runOfSuiteChoice(d.suite) ? '' : d.suite,
    models: d.models,
    repeats: d.repeats,
    concurrency: d.concurrency,
    maxTurns: d.maxTurns,
    testModels: d.testModels,
    turnQuality: d.turnQuality,
    ...(d.judgeReasoningFull ? { judgeReasoningFull: true } : {}),
    personas: d.personas,
  };
}
