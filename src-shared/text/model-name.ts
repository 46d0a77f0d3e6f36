import type { ModelSpecInput } from '../schemas/model.js';
import type { RoleModel } from '../schemas/run.js';

/**
 * How a model is named to a person, in every report and screen (the CLI's models line, compare's configuration,
 * the renderer's labels): a known identity's name (+ quantization), else `provider:model` with the file name only
 * for providers that take a path. Parameters and endpoints are added by each report around this name.
 */

/** The last part of a path (either separator). */
export const baseName = (p: string): string => p.split(/[\\/]/).pop() || p;

export type SpecName = Pick<ModelSpecInput, 'provider' | 'model'>;

/** `provider:model`, the file name only for paths (llama-cpp, scripted). */
export function specName(spec: SpecName): string {
  const model = spec.provider === 'llama-cpp' || spec.provider === 'scripted' ? baseName(spec.model) : spec.model;
  return `${spec.provider}:${model}`;
}

/** An identity's name with its quantization unless the name already says it. */
export function identityName(identity: NonNullable<RoleModel['identity']>): string {
  const q = identity.quantization;
  return q && !identity.name.includes(q) ? `${identity.name} ${q}` : identity.name;
}

/** A run role's model: its identity's name when known, else its spec's name. */
export function roleModelName(m: Pick<RoleModel, 'spec' | 'identity'>): string {
  return m.identity ? identityName(m.identity) : specName(m.spec);
}

/**
 * A scripted model file as the model picker lists it: the name its runs show (the script's `name`, as the
 * scripted provider's identity takes it, else the file name), then what it is and which file.
 */
export function bundledScriptName(scriptName: string | undefined, file: string): string {
  const fileName = baseName(file);
  return `${scriptName ?? fileName} — Bundled example script (${fileName})`;
}
