import { formatModelParams, type ModelSpecInput } from '../../src-shared/schemas/model.js';
import type { Run } from '../../src-shared/schemas/run.js';
import { modelLabel } from '../../src-shared/text/model-name.js';

type RoleModel = Run['models']['agent'];
type SpecLike = Pick<ModelSpecInput, 'provider' | 'model'> & { params?: ModelSpecInput['params'] };

/**
 * How a model is named to a person in the renderer: the shared name (src-shared/text/model-name.ts, as the CLI
 * and compare name it) with the parameters the run set in brackets ("(temperature 0.2)").
 */
export function roleModelLabel(m: RoleModel): string {
  if (!m) return '—';
  const params = formatModelParams(m.spec.params);
  return `${modelLabel(m.spec, m.identity)}${params ? ` (${params})` : ''}`;
}

/** A model spec (no identity known: a picker's value, a grouping's judge): `provider:file-or-name (params)`. */
export function specLabel(spec: SpecLike | null | undefined): string {
  if (!spec?.model) return '—';
  const params = formatModelParams(spec.params as Parameters<typeof formatModelParams>[0]);
  return `${modelLabel(spec)}${params ? ` (${params})` : ''}`;
}

/** A stored `provider:model` string (a report's judge): the file name only for paths. */
export function specTextLabel(spec: string): string {
  const i = spec.indexOf(':');
  return i < 0 ? spec : modelLabel({ provider: spec.slice(0, i) as SpecLike['provider'], model: spec.slice(i + 1) });
}

/** Distinct model labels of a run (agent first); caller/judge only when they differ from the agent model. */
export function runModelLabels(run: Run): { role: 'agent' | 'caller' | 'judge'; label: string }[] {
  const agent = roleModelLabel(run.models.agent);
  const out: { role: 'agent' | 'caller' | 'judge'; label: string }[] = [{ role: 'agent', label: agent }];
  for (const role of ['caller', 'judge'] as const) {
    const m = run.models[role];
    if (m) {
      const label = roleModelLabel(m);
      if (label !== agent) out.push({ role, label });
    }
  }
  return out;
}
