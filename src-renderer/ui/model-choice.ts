import type { ModelSpecInput } from '../../src-shared/schemas/model.js';

/** What keeps a role's model from being usable, or null. `required`: the agent model must be chosen. */
export function modelProblem(spec: ModelSpecInput | undefined, required: boolean): string | null {
  if (!spec) return required ? 'choose a provider and a model' : null;
  if (!spec.model.trim()) {
    return spec.provider === 'llama-cpp'
      ? 'give the path of a .gguf file'
      : spec.provider === 'scripted'
        ? 'give the path of a scripted-model JSON file'
        : 'give the model name';
  }
  if (spec.provider === 'llama-cpp' && !/\.gguf$/i.test(spec.model.trim())) return `${spec.model} is not a .gguf file`;
  const threads = spec.params?.threads;
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 1))
    return 'threads must be a whole number of 1 or more';
  return null;
}
