import type { ModelSettings } from '../../../src-shared/contract/models.js';
import type { EndpointOptions, ModelInfo, ModelSpecInput } from '../../../src-shared/schemas/index.js';

/** The ModelSpec for a listed model, with the endpoint and where its key comes from. */
export function fromInfo(
  m: ModelInfo,
  settings: Partial<Pick<ModelSettings, 'openai_endpoints' | 'ollama_endpoints' | 'ollama_endpoint_options'>> = {},
): ModelSpecInput {
  const model = m.spec
    .slice(m.provider.length + 1)
    .replace(/@[^@]*$/, (at) => (m.provider === 'ollama' || m.provider === 'openai' ? '' : at));
  const spec: ModelSpecInput = { provider: m.provider, model, params: {} };
  if (m.endpoint && (m.provider === 'ollama' || m.provider === 'openai')) spec.endpoints = [m.endpoint];
  const same = (a: string, b: string | undefined) => a.trim().replace(/\/+$/, '') === (b ?? '').replace(/\/+$/, '');
  let limits: EndpointOptions | undefined;
  if (m.provider === 'openai') {
    const ep = (settings.openai_endpoints ?? []).find((e) => same(e.base_url, m.endpoint));
    if (ep?.api_key_env) spec.api_key_env = ep.api_key_env;
    if (ep?.has_key) spec.api_key_ref = ep.name;
    limits = ep?.options;
  }
  if (m.provider === 'ollama') {
    const i = (settings.ollama_endpoints ?? []).findIndex((u) => same(u, m.endpoint));
    limits = i >= 0 ? settings.ollama_endpoint_options?.[i] : undefined;
  }
  // the endpoint's limits (Models page) go with every model picked from it
  if (limits && Object.keys(limits).length && m.endpoint) spec.endpoint_options = { [m.endpoint]: limits };
  return spec;
}

export function sameModel(m: ModelInfo, v: ModelSpecInput | undefined): boolean {
  if (!v || m.provider !== v.provider) return false;
  const s = fromInfo(m);
  return s.model === v.model && (!s.endpoints || !v.endpoints || s.endpoints[0] === v.endpoints[0]);
}
