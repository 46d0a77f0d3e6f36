import { z } from 'zod';
import { EndpointOptions, formatEndpointOptions, parseEndpointItem } from './endpoint-options.js';

export const PROVIDER_IDS = ['llama-cpp', 'ollama', 'openai', 'scripted'] as const;
export const ProviderId = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderId>;

export const ModelParams = z.object({
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  seed: z.number().int().optional(),
  max_tokens: z.number().int().min(1).optional(),
  /** llama-cpp: CPU threads (default: physical cores; 1 for tiny models). */
  threads: z.number().int().min(1).optional(),
  /** llama-cpp: sessions whose KV cache is kept between calls (default: the parallel calls; tiny models 4x that). Each one holds a context's worth of KV memory; give roughly conversations x 3 (chat, routing, extraction) when memory allows, so sessions do not re-read their prefix. */
  sequences: z.number().int().min(1).max(256).optional(),
  /** llama-cpp: contexts the model's parallel conversations are spread over, each with `threads` threads (default 1; for tiny models one per core). */
  contexts: z.number().int().min(1).max(64).optional(),
  /** llama-cpp: layers offloaded to the GPU ('auto' default). */
  gpu_layers: z.union([z.number().int().min(0), z.literal('auto')]).optional(),
  /** llama-cpp / ollama context size. */
  context_size: z.number().int().min(128).optional(),
  /** llama-cpp: explicit chat wrapper when the GGUF template is unknown (e.g. 'llama3', 'chatml', 'general'). */
  chat_wrapper: z.string().optional(),
  /** ollama keep_alive (default '30m'). */
  keep_alive: z.string().optional(),
});
export type ModelParams = z.infer<typeof ModelParams>;

/** What the user asked for. `model` is a GGUF path, an Ollama tag, an OpenAI model name or a scripted file. */
export const ModelSpec = z.object({
  provider: ProviderId,
  model: z.string().min(1),
  /** One or more endpoints (ollama/openai); conversations are spread across them. */
  endpoints: z.array(z.string()).optional(),
  /** Name of the environment variable holding the API key (openai); never the key itself. */
  api_key_env: z.string().optional(),
  /** Desktop: keychain entry holding the key. */
  api_key_ref: z.string().optional(),
  params: ModelParams.default({}),
  /** Max concurrent calls per endpoint. */
  concurrency: z.number().int().min(1).max(256).optional(),
  /**
   * Per-endpoint limits and health settings (ollama/openai), keyed by endpoint URL; `"*"` applies to
   * every endpoint. Spec strings set them after the URL: `openai:m@http://a/v1;c=4;rpm=600`.
   */
  endpoint_options: z.record(z.string(), EndpointOptions).optional(),
});
export type ModelSpec = z.infer<typeof ModelSpec>;
export type ModelSpecInput = z.input<typeof ModelSpec>;

/** What was actually used: stored with every run so two runs on "the same" name are told apart. */
export const ModelIdentity = z.object({
  provider: ProviderId,
  name: z.string(),
  /** GGUF file sha256, Ollama digest, or scripted file sha256. */
  digest: z.string().optional(),
  quantization: z.string().optional(),
  architecture: z.string().optional(),
  parameter_count: z.string().optional(),
  context_length: z.number().optional(),
  size_bytes: z.number().optional(),
  endpoints: z.array(z.string()).optional(),
  params: ModelParams.default({}),
});
export type ModelIdentity = z.infer<typeof ModelIdentity>;

/** One model a provider can offer (for `parley models` and the model picker). */
export const ModelInfo = z.object({
  provider: ProviderId,
  name: z.string(),
  spec: z.string(),
  path: z.string().optional(),
  size_bytes: z.number().optional(),
  architecture: z.string().optional(),
  quantization: z.string().optional(),
  context_length: z.number().optional(),
  digest: z.string().optional(),
  endpoint: z.string().optional(),
});
export type ModelInfo = z.infer<typeof ModelInfo>;

/**
 * Parse a CLI model SPEC: `llama-cpp:PATH.gguf`, `ollama:NAME[@URL]`, `openai:NAME[@BASE_URL]`,
 * `scripted:FILE`. Several endpoints: `ollama:NAME@URL1,URL2`; each URL may carry limits after `;`:
 * `openai:NAME@http://a/v1;c=4;rpm=600;tpm=90000,http://b/v1;c=8` (see endpoint-options.ts).
 */
export function parseModelSpec(spec: string): ModelSpec {
  const i = spec.indexOf(':');
  if (i <= 0)
    throw new Error(
      `model spec "${spec}": expected PROVIDER:MODEL (llama-cpp:PATH.gguf, ollama:NAME[@URL], openai:NAME[@BASE_URL], scripted:FILE)`,
    );
  const provider = spec.slice(0, i);
  const rest = spec.slice(i + 1);
  const parsedProvider = ProviderId.safeParse(provider);
  if (!parsedProvider.success)
    throw new Error(
      `model spec "${spec}": unknown provider "${provider}" (expected one of ${PROVIDER_IDS.join(', ')})`,
    );
  if (!rest) throw new Error(`model spec "${spec}": missing model after "${provider}:"`);
  if (parsedProvider.data === 'ollama' || parsedProvider.data === 'openai') {
    const at = rest.indexOf('@');
    if (at >= 0) {
      const model = rest.slice(0, at);
      const items = rest
        .slice(at + 1)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((item) => parseEndpointItem(spec, item));
      if (!model) throw new Error(`model spec "${spec}": missing model name before "@"`);
      if (!items.length) throw new Error(`model spec "${spec}": missing URL after "@"`);
      const endpoints = items.map((i) => i.url);
      const withOptions = items.filter((i) => i.options);
      const endpoint_options = withOptions.length
        ? Object.fromEntries(withOptions.map((i) => [i.url, i.options!]))
        : undefined;
      return ModelSpec.parse({ provider: parsedProvider.data, model, endpoints, endpoint_options });
    }
  }
  return ModelSpec.parse({ provider: parsedProvider.data, model: rest });
}

/**
 * Parse model parameters written as `KEY=VALUE[,KEY=VALUE...]` (the CLI's `--agent-params temperature=0,seed=7`).
 * Numbers are read as numbers; every key and value is checked against ModelParams, and an unknown key or a
 * bad value is refused naming it and what was expected.
 */
export function parseModelParams(text: string): ModelParams {
  const known = Object.keys(ModelParams.shape);
  const out: Record<string, unknown> = {};
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = item.indexOf('=');
    const key = eq > 0 ? item.slice(0, eq).trim() : '';
    const raw = eq > 0 ? item.slice(eq + 1).trim() : '';
    if (!key || !raw) throw new Error(`"${item}": expected KEY=VALUE (e.g. temperature=0)`);
    if (!known.includes(key)) throw new Error(`unknown parameter "${key}" (expected one of ${known.join(', ')})`);
    if (key in out) throw new Error(`parameter "${key}" is given twice`);
    out[key] = raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  const parsed = ModelParams.strict().safeParse(out);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `parameter "${issue.path.join('.')}" = ${JSON.stringify(out[String(issue.path[0])])}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** The parameters that were set, as people read them: `temperature 0.8, seed 3` ('' when none). */
export function formatModelParams(params: ModelParams | undefined): string {
  return Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
}

export function formatModelSpec(spec: ModelSpec): string {
  const ep = spec.endpoints?.length
    ? `@${spec.endpoints.map((u) => `${u}${formatEndpointOptions(spec.endpoint_options?.[u])}`).join(',')}`
    : '';
  return `${spec.provider}:${spec.model}${ep}`;
}
