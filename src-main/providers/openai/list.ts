import type { ModelInfo } from '../../../src-shared/schemas/index.js';
import { endpointUrl } from '../shared/endpoint-url.js';
import { fetchOk } from '../shared/http.js';
import { registerSecret } from '../shared/redact.js';
import { normalizeBaseUrl } from './model.js';

/** GET {base}/models. The key comes from `apiKey` or OPENAI_API_KEY. */
export async function listOpenAiModels(
  baseUrl: string,
  opts: { apiKey?: string; keySource?: string; signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<ModelInfo[]> {
  const base = normalizeBaseUrl(baseUrl);
  const key = opts.apiKey ?? process.env.OPENAI_API_KEY;
  registerSecret(key);
  const headers: Record<string, string> = { accept: 'application/json' };
  const { url, basicAuth } = endpointUrl(base, '/models');
  if (key) headers.authorization = `Bearer ${key}`;
  else if (basicAuth) headers.authorization = basicAuth;
  const res = await fetchOk(
    { provider: 'openai', model: '*', where: base, secrets: [key] },
    url,
    { headers, signal: opts.signal, timeoutMs: 30_000, fetch: opts.fetch },
    { keySource: opts.keySource ?? (opts.apiKey ? 'the API key' : 'the environment variable OPENAI_API_KEY') },
  );
  const j = (await res.json()) as {
    data?: Array<{ id: string; owned_by?: string; context_length?: number; max_model_len?: number }>;
  };
  return (j.data ?? []).map((m) => ({
    provider: 'openai' as const,
    name: m.id,
    spec: `openai:${m.id}@${base}`,
    endpoint: base,
    // vLLM reports max_model_len, OpenRouter context_length
    context_length: m.context_length ?? m.max_model_len,
  }));
}
