import type { MethodInput } from '../../../src-shared/contract/index.js';
import type { PlaygroundMode } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, Persona } from '../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/model.js';
import { modelProblem } from '../../ui/model-choice.js';
import { parseJsonBox } from './json-box.js';
import { boxText, type ToolAnswersSource } from './tool-answers.js';

/** The choices of a Try-it conversation, kept by the panel across restarts. */
export interface SetupValues {
  agentId: string;
  mode: PlaygroundMode;
  /** Library persona id ('' = the default caller) when the panel was not given a persona. */
  personaId: string;
  agentModel?: ModelSpecInput;
  callerModel?: ModelSpecInput;
  /** '' = the entry node. */
  startNode: string;
  variables: string;
  mocks: string;
  /** The suite test the tool answers and variables were taken from (null: typed, or none). */
  answersFrom: Pick<ToolAnswersSource, 'suiteId' | 'suiteName' | 'testIndex' | 'testName'> | null;
}

/** What keeps the conversation from starting (shown under the Start button). */
export function setupProblems(v: SetupValues, needAgent: boolean): string[] {
  const out: string[] = [];
  if (needAgent && !v.agentId) out.push('choose an agent');
  const a = modelProblem(v.agentModel, true);
  if (a) out.push(`agent model: ${a}`);
  if (v.mode === 'simulated') {
    const c = modelProblem(v.callerModel, false);
    if (c) out.push(`caller model: ${c}`);
  }
  for (const [text, kind, label] of [
    [v.variables, 'object', 'Variables'],
    [v.mocks, 'array', 'Tool answers'],
  ] as const) {
    const r = parseJsonBox(text, kind, label);
    if (r.error) out.push(r.error);
  }
  return out;
}

/** The setup with a suite test's tool answers and variables in its boxes. */
export const withAnswers = (v: SetupValues, a: ToolAnswersSource): SetupValues => ({
  ...v,
  mocks: boxText(a.mocks, []),
  variables: boxText(a.variables, {}),
  answersFrom: { suiteId: a.suiteId, suiteName: a.suiteName, testIndex: a.testIndex, testName: a.testName },
});

/**
 * The `playground.start` input of a ready setup, or null. `graph` is sent only when it holds edits of its
 * own (the editor's unsaved draft); otherwise the stored version (`versionId`, else the latest) is tried.
 */
export function tryStartInput(
  v: SetupValues,
  o: { problems: string[]; graph?: AgentGraph; versionId?: string | null; persona?: Persona },
): MethodInput<'playground.start'> | null {
  if (o.problems.length || !v.agentModel || !v.agentId) return null;
  const vars = parseJsonBox(v.variables, 'object', 'Variables').value as Record<string, unknown>;
  const mocks = parseJsonBox(v.mocks, 'array', 'Tool answers').value as MethodInput<'playground.start'>['tool_mocks'];
  const simulated = v.mode === 'simulated';
  return {
    agent_id: v.agentId,
    mode: v.mode,
    ...(o.graph ? { graph: o.graph } : o.versionId ? { version_id: o.versionId } : {}),
    ...(simulated && o.persona ? { persona: { ...o.persona, name: o.persona.name.trim() || 'Unsaved persona' } } : {}),
    ...(simulated && !o.persona && v.personaId ? { persona: v.personaId } : {}),
    ...(v.startNode ? { start_node: v.startNode } : {}),
    dynamic_variables: vars,
    tool_mocks: mocks,
    models: { agent: v.agentModel, ...(simulated && v.callerModel ? { caller: v.callerModel } : {}) },
  };
}
