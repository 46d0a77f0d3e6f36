import { formatModelParams, type ModelSpec, type RoleModel } from '../../../src-shared/schemas/index.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

/** One role's model as people read it: provider:model (a file's base name), its endpoints, the parameters set. */
function describe(spec: ModelSpec): string {
  const where = spec.endpoints?.length ? ` at ${spec.endpoints.join(', ')}` : '';
  const params = formatModelParams(spec.params);
  return `${modelLabel(spec)}${where}${params ? ` (${params})` : ''}`;
}

/**
 * The "models" line of `parley run` and `parley runs show`: which model played each role, with its parameters,
 * so a run's human report says what produced it (the JSON report carries the full identities).
 */
export function modelsLine(models: { agent?: RoleModel; caller?: RoleModel; judge?: RoleModel }): string {
  if (!models.agent) return 'models  (not recorded)';
  const agent = describe(models.agent.spec);
  const other = (m: RoleModel | undefined) => (m ? describe(m.spec) : agent);
  const caller = other(models.caller);
  const judge = other(models.judge);
  if (caller === agent && judge === agent) return `models  ${agent} (agent, caller and judge)`;
  return `models  agent ${agent}; caller ${caller === agent ? 'the same' : caller}; judge ${judge === agent ? 'the same' : judge}`;
}
