import {
  ENDPOINT_OPTION_EXPECTED,
  EndpointOptionsInput,
  type EndpointOptions,
  type ModelSpec,
} from '../../../src-shared/schemas/index.js';
import { providerError, type ErrorContext } from './errors.js';

/** One endpoint of a model with its resolved options. */
export interface EndpointConfig {
  url: string;
  options: EndpointOptions;
}

/**
 * The options of each (normalised) endpoint: the spec's `endpoint_options["*"]`, then the entry for
 * its URL. An entry naming no endpoint of the model, or holding a bad value, is an error that names
 * the model, the entry and what was expected.
 */
export function endpointConfigs(
  spec: ModelSpec,
  endpoints: string[],
  normalize: (url: string) => string,
  ctx: ErrorContext,
): EndpointConfig[] {
  const given = spec.endpoint_options ?? {};
  const byUrl = new Map<string, EndpointOptions>();
  for (const [key, value] of Object.entries(given)) {
    // the limits a run may start with (a stored run's smaller ones are refused here, not when it is read)
    const parsed = EndpointOptionsInput.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = issue.path[0] as keyof typeof ENDPOINT_OPTION_EXPECTED | undefined;
      const expected =
        name && ENDPOINT_OPTION_EXPECTED[name]
          ? `expected ${ENDPOINT_OPTION_EXPECTED[name]}`
          : 'expected concurrency, rpm, tpm, eject_after, probe_s as positive numbers';
      throw providerError(
        ctx,
        'invalid_spec',
        `endpoint_options["${key}"]${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message} (${expected})`,
      );
    }
    if (key === '*') continue;
    const url = normalize(key);
    if (!endpoints.includes(url))
      throw providerError(
        ctx,
        'invalid_spec',
        `endpoint_options names "${key}", which is not one of the model's endpoints (${endpoints.join(', ')}); expected one of those URLs or "*"`,
      );
    byUrl.set(url, parsed.data);
  }
  const all = given['*'] ?? {};
  return endpoints.map((url) => ({ url, options: { ...all, ...byUrl.get(url) } }));
}
