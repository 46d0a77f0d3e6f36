/**
 * Which environment variable a model spec may name as its key (`api_key_env`, issue 39): the variables
 * Parley documents for keys (`*_API_KEY`: OPENAI_API_KEY, GROQ_API_KEY...) and the names the user set
 * on the Models page (an endpoint's `api_key_env`). In web mode a spec that names one may only call
 * hosts the user configured: whoever holds the web token (or a leaked URL of it) cannot have the
 * server send a CI's GITHUB_TOKEN, or any other secret in its environment, to a port of their choice.
 * The command line is the user's own: a spec typed there is not checked by this.
 */
import { formatPath } from '../../../src-shared/contract/index.js';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import { truncateForMessage } from '../../../src-shared/limits.js';
import { testEndpointPolicy, untrustedHosts } from '../../engine/model-io/test-endpoints.js';
import { invalid } from '../errors.js';

/** The names Parley documents for keys. */
export const DOCUMENTED_KEY_ENV = /^[A-Z][A-Z0-9_]*_API_KEY$/;
const MAX_DEPTH = 8;

type Settings = { openai_endpoints?: { api_key_env?: unknown }[] } | undefined;

/** The key variable names the user set on the Models page. */
function configuredNames(settings: unknown): Set<string> {
  const eps = (settings as Settings)?.openai_endpoints;
  return new Set(
    (Array.isArray(eps) ? eps : []).map((e) => e?.api_key_env).filter((n): n is string => typeof n === 'string'),
  );
}

/** Why `spec` may not name its key variable (or call where it would send it), or undefined when it may. */
export function keyEnvProblem(spec: ModelSpec, settings: unknown, o: { web: boolean }): string | undefined {
  const name = spec.api_key_env;
  if (name === undefined) return undefined;
  if (!DOCUMENTED_KEY_ENV.test(name) && !configuredNames(settings).has(name))
    return `api_key_env "${truncateForMessage(name, 80)}" is not a variable Parley reads keys from: expected a name ending in _API_KEY (OPENAI_API_KEY, GROQ_API_KEY...) or one set for an endpoint on the Models page; other variables of the process (GITHUB_TOKEN, a CI's secrets) are never sent to a model`;
  if (!o.web) return undefined;
  const hosts = untrustedHosts(spec, testEndpointPolicy(settings, [], { howToAllow: '' }));
  if (hosts.length)
    return `api_key_env "${name}" would send that key to ${hosts.map((h) => truncateForMessage(h)).join(', ')}, a host you have not configured: in web mode a key from the environment only goes to the endpoints on the Models page (add the endpoint there to trust it)`;
  return undefined;
}

/** Refuses a web call whose input carries a model spec with a key variable it may not use, naming its field. */
export function refuseKeyEnvSpecs(input: unknown, settings: unknown): void {
  const walk = (v: unknown, path: (string | number)[]) => {
    if (path.length > MAX_DEPTH || !v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.provider === 'string' && typeof o.api_key_env === 'string') {
      const problem = keyEnvProblem(o as unknown as ModelSpec, settings, { web: true });
      if (problem)
        throw invalid(`${formatPath([...path, 'api_key_env'])}: ${problem}`, formatPath([...path, 'api_key_env']));
    }
    for (const [k, child] of Object.entries(o)) walk(child, [...path, Array.isArray(v) ? Number(k) : k]);
  };
  walk(input, []);
}
