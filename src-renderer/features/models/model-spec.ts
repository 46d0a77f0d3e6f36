import type { EndpointOptions, ModelInfo, ModelSpecInput } from '../../../src-shared/schemas/index.js';

/** The ModelSpec for a listed model, with the endpoint and where its key comes from. */
export function fromInfo(
  m: ModelInfo,
  endpoints: {
    name: string;
    base_url: string;
    api_key_env?: string;
    has_key?: boolean;
    options?: EndpointOptions;
  }[] = [],
): ModelSpecInput {
  const model = m.spec
    .slice(m.provider.length + 1)
    .replace(/@[^@]*$/, (at) => (m.provider === 'ollama' || m.provider === 'openai' ? '' : at));
  const spec: ModelSpecInput = { provider: m.provider, model, params: {} };
  if (m.endpoint && (m.provider === 'ollama' || m.provider === 'openai')) spec.endpoints = [m.endpoint];
  if (m.provider === 'openai') {
    const ep = endpoints.find((e) => e.base_url.replace(/\/+$/, '') === (m.endpoint ?? '').replace(/\/+$/, ''));
    if (ep?.api_key_env) spec.api_key_env = ep.api_key_env;
    if (ep?.has_key) spec.api_key_ref = ep.name;
    // the endpoint's limits (Models page) go with every model picked from it
    if (ep?.options && m.endpoint) spec.endpoint_options = { [m.endpoint]: ep.options };
  }
  return spec;
}

export function sameModel(m: ModelInfo, v: ModelSpecInput | undefined): boolean {
  if (!v || m.provider !== v.provider) return false;
  const s = fromInfo(m);
  return s.model === v.model && (!s.endpoints || !v.endpoints || s.endpoints[0] === v.endpoints[0]);
}
