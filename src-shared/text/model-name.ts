import type { ModelSpecInput } from '../schemas/model.js';
import type { ModelInfo } from '../schemas/model.js';
import type { RoleModel } from '../schemas/run.js';

/**
 * How a model is named to a person, in every report, screen and CLI message (the CLI's models line and runs list,
 * compare's configuration, the renderer's labels, the model picker, Try it, the fix page): one name per model,
 * `provider:model` with the file name only for providers that take a path (`scripted:scripted-model.json`,
 * `llama-cpp:tiny.gguf`, `ollama:llama3.2:3b`), plus the quantization when the loaded model reported one the name
 * does not say. Parameters and endpoints are added by each report around this name. Error messages about a file
 * keep its whole path, so the file can be found.
 */

/** The last part of a path (either separator). */
export const baseName = (p: string): string => p.split(/[\\/]/).pop() || p;

export type SpecName = Pick<ModelSpecInput, 'provider' | 'model'>;

/** What the loaded model said about itself that the name may use (a server's model name, its quantization). */
type Identity = Partial<Pick<NonNullable<RoleModel['identity']>, 'name' | 'quantization'>>;

const takesPath = (provider: string) => provider === 'llama-cpp' || provider === 'scripted';

/**
 * The one name of a model: `provider:model`, the file name only for a path (whatever a script or a GGUF calls
 * itself inside), the name a server answered with for Ollama and OpenAI-compatible servers (`llama3.2` served as
 * `llama3.2:3b`), + the identity's quantization unless the name says it.
 */
export function modelLabel(spec: SpecName, identity?: Identity | null): string {
  const model = takesPath(spec.provider) ? baseName(spec.model) : identity?.name || spec.model;
  const name = `${spec.provider}:${model}`;
  const q = identity?.quantization;
  return q && !name.includes(q) ? `${name} ${q}` : name;
}

/** A model the Models page or a picker lists, by the same name its runs will show. */
export const listedModelName = (m: Pick<ModelInfo, 'provider' | 'name' | 'path'>): string =>
  modelLabel({ provider: m.provider, model: m.path ?? m.name });

/** What the picker adds after a bundled scripted model's name. */
export const BUNDLED_SCRIPT_NOTE = 'bundled example script (demo runs)';
