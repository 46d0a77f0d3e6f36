import type { ModelIdentity, ModelSpecInput } from '../schemas/model.js';

export type DemoRole = 'agent' | 'caller' | 'judge';
const ROLES: readonly DemoRole[] = ['agent', 'caller', 'judge'];

type RoleSpecs = Partial<Record<DemoRole, { spec: Pick<ModelSpecInput, 'provider'> } | undefined>>;
/** A compare report's role reference: the model's identity, or its `provider:model` name. */
type RoleRefs = Partial<Record<DemoRole, Pick<ModelIdentity, 'provider'> | string | undefined>>;

/** The roles of a run that ran on the scripted model, in the order agent, caller, judge. */
export function scriptedRoles(models: RoleSpecs): DemoRole[] {
  return ROLES.filter((r) => models[r]?.spec.provider === 'scripted');
}

/** The same from a compare report's role references (identity or `provider:model`). */
export function scriptedRolesOfRefs(models: RoleRefs): DemoRole[] {
  return ROLES.filter((r) => {
    const m = models[r];
    return typeof m === 'string' ? m.startsWith('scripted:') : m?.provider === 'scripted';
  });
}

/**
 * A run is a demo when any of its roles ran on the scripted model: those roles' answers, caller lines or
 * scores come from a JSON file, not from a model, so its passes are not evidence about the agent.
 */
export function isDemoRun(models: RoleSpecs): boolean {
  return scriptedRoles(models).length > 0;
}

const WHAT: Record<DemoRole, string> = {
  agent: "the agent's replies",
  caller: "the caller's lines",
  judge: "the judge's scores",
};

/** "a", "a and b", "a, b and c". */
function listed(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What came from a file, naming exactly the scripted roles: "the agent's replies and the judge's scores". */
export function scriptedPart(roles: readonly DemoRole[]): string {
  return listed(ROLES.filter((r) => roles.includes(r)).map((r) => WHAT[r]));
}

/** The roles that ran on a real model, as words ("the caller"), for the note's second half. */
function realPart(roles: readonly DemoRole[]): string {
  return listed(ROLES.filter((r) => !roles.includes(r)).map((r) => `the ${r}`));
}

/**
 * One sentence, the same in the app, the CLI and the JSON, naming exactly the roles that were scripted
 * (all three when none are given, for callers that do not know them).
 */
export function demoNote(roles: readonly DemoRole[] = ROLES): string {
  const scripted = roles.length ? roles : ROLES;
  const real = realPart(scripted);
  return `Demo run: ${scriptedPart(scripted)} come from a file (the scripted model)${real ? `; ${real} ran on a model` : ''}, so its passes and failures are not evidence about the agent.`;
}

/** The note for a run whose every role was scripted (kept for callers that do not know the roles). */
export const DEMO_NOTE = demoNote(ROLES);
