import { parseModelParams, parseModelSpec, type ModelSpec } from '../../src-shared/schemas/index.js';
import { CliError } from './errors.js';

/**
 * A model flag's SPEC (`--agent-model openai:m@URL`) with the parameters of its params flag
 * (`--agent-params temperature=0.7`) laid over the spec's own; errors name the flag that was wrong.
 */
export function specFromFlags(
  model: { flag: string; value: string },
  params?: { flag: string; text?: string },
): ModelSpec {
  let spec: ModelSpec;
  try {
    spec = parseModelSpec(model.value);
  } catch (e) {
    throw new CliError(`${model.flag}: ${(e as Error).message}`);
  }
  if (!params?.text) return spec;
  try {
    return { ...spec, params: { ...spec.params, ...parseModelParams(params.text) } };
  } catch (e) {
    throw new CliError(`${params.flag}: ${(e as Error).message}`);
  }
}
