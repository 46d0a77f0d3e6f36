import type { ModelSpecInput } from '../schemas/model.js';

type RoleSpecs = Partial<Record<'agent' | 'caller' | 'judge', { spec: Pick<ModelSpecInput, 'provider'> } | undefined>>;

/**
 * A run is a demo when any of its roles ran on the scripted model: its answers, caller lines and
 * scores come from a JSON file, not from a model, so its passes are not evidence about the agent.
 */
export function isDemoRun(models: RoleSpecs): boolean {
  return (['agent', 'caller', 'judge'] as const).some((r) => models[r]?.spec.provider === 'scripted');
}

/** One sentence, the same in the app, the CLI and the JSON. */
export const DEMO_NOTE =
  'Demo run: it ran on the scripted model, whose replies and scores come from a file, so its passes and failures are not evidence about the agent.';
