import { formatModelParams } from '../../src-shared/schemas/model.js';
import type { Run } from '../../src-shared/schemas/run.js';

type RoleModel = Run['models']['agent'];

/** Short label of a role's model: identity name (+ quantization) when known, else `provider:model` (file name only for paths). */
export function roleModelLabel(m: RoleModel): string {
  if (!m) return '—';
  const params = formatModelParams(m.spec.params);
  return `${modelName(m)}${params ? ` (${params})` : ''}`;
}

function modelName(m: NonNullable<RoleModel>): string {
  if (m.identity) {
    const q = m.identity.quantization;
    return q && !m.identity.name.includes(q) ? `${m.identity.name} ${q}` : m.identity.name;
  }
  const model =
    m.spec.provider === 'llama-cpp' || m.spec.provider === 'scripted' ? baseName(m.spec.model) : m.spec.model;
  return `${m.spec.provider}:${model}`;
}

export const baseName = (p: string) => p.split(/[\\/]/).pop() || p;

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
