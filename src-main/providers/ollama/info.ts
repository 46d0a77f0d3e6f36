/** Model facts from /api/tags and /api/show, cached per endpoint + model. */
import type { ModelInfo } from '../../../src-shared/schemas/index.js';
import type { ErrorContext } from '../shared/errors.js';
import { providerError } from '../shared/errors.js';
import { mapOllamaError, ollamaClient, type ClientOptions } from './client.js';

export interface OllamaModelFacts {
  name: string;
  endpoint: string;
  digest?: string;
  size_bytes?: number;
  quantization?: string;
  architecture?: string;
  parameter_count?: string;
  context_length?: number;
  family?: string;
}

const cache = new Map<string, Promise<OllamaModelFacts>>();

/** Ollama names without a tag mean ":latest". */
export function sameModelName(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes(':') ? s : `${s}:latest`);
  return norm(a) === norm(b);
}

function contextLengthOf(modelInfo: unknown): { arch?: string; ctx?: number } {
  const entries: Array<[string, unknown]> =
    modelInfo instanceof Map ? [...modelInfo.entries()] : Object.entries((modelInfo ?? {}) as Record<string, unknown>);
  const obj = Object.fromEntries(entries);
  const arch = typeof obj['general.architecture'] === 'string' ? (obj['general.architecture'] as string) : undefined;
  let ctx = arch ? obj[`${arch}.context_length`] : undefined;
  if (typeof ctx !== 'number')
    ctx = entries.find(([k, v]) => k.endsWith('.context_length') && typeof v === 'number')?.[1];
  return { arch, ctx: typeof ctx === 'number' ? ctx : undefined };
}

async function fetchFacts(endpoint: string, model: string, opts: ClientOptions): Promise<OllamaModelFacts> {
  const ctx: ErrorContext = { provider: 'ollama', model, where: endpoint };
  const client = ollamaClient(endpoint, opts);
  try {
    const [tags, show] = await Promise.all([client.list(), client.show({ model })]);
    const tag = tags.models.find((m) => sameModelName(m.name, model) || sameModelName(m.model, model));
    const { arch, ctx: ctxLen } = contextLengthOf(show.model_info);
    return {
      name: model,
      endpoint,
      digest: tag?.digest,
      size_bytes: tag?.size,
      quantization: show.details?.quantization_level || tag?.details?.quantization_level,
      architecture: arch ?? show.details?.family,
      family: show.details?.family,
      parameter_count: show.details?.parameter_size || tag?.details?.parameter_size,
      context_length: ctxLen,
    };
  } catch (err) {
    throw mapOllamaError(ctx, err, opts.signal);
  }
}

/** Facts for one model on one endpoint (404 -> model_not_found naming the endpoint). */
export function ollamaModelFacts(endpoint: string, model: string, opts: ClientOptions = {}): Promise<OllamaModelFacts> {
  const key = `${endpoint}|${model}`;
  let p = cache.get(key);
  if (!p) {
    p = fetchFacts(endpoint, model, opts);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

export function forgetOllamaFacts(endpoint?: string): void {
  for (const k of [...cache.keys()]) if (!endpoint || k.startsWith(`${endpoint}|`)) cache.delete(k);
}

/** Lists the models of one endpoint with details from /api/show (4 at a time). */
export async function listOllamaModels(endpoint: string, opts: ClientOptions = {}): Promise<ModelInfo[]> {
  const client = ollamaClient(endpoint, opts);
  let tags;
  try {
    tags = await client.list();
  } catch (err) {
    throw mapOllamaError({ provider: 'ollama', model: '*', where: endpoint }, err, opts.signal);
  }
  const out: ModelInfo[] = [];
  const models = tags.models ?? [];
  for (let i = 0; i < models.length; i += 4) {
    const batch = models.slice(i, i + 4);
    const facts = await Promise.all(batch.map((m) => ollamaModelFacts(endpoint, m.name, opts).catch(() => undefined)));
    batch.forEach((m, j) => {
      const f = facts[j];
      out.push({
        provider: 'ollama',
        name: m.name,
        spec: `ollama:${m.name}@${endpoint}`,
        size_bytes: m.size,
        digest: m.digest,
        quantization: f?.quantization ?? m.details?.quantization_level,
        architecture: f?.architecture ?? m.details?.family,
        context_length: f?.context_length,
        endpoint,
      });
    });
  }
  return out;
}

export interface PullProgress {
  status: string;
  digest?: string;
  completed?: number;
  total?: number;
  /** 0..1 when the server reports sizes. */
  fraction?: number;
}

/** Pulls a model, reporting progress; resolves when the server says "success". */
export async function pullOllamaModel(
  endpoint: string,
  model: string,
  onProgress?: (p: PullProgress) => void,
  opts: ClientOptions = {},
): Promise<void> {
  const ctx: ErrorContext = { provider: 'ollama', model, where: endpoint };
  const client = ollamaClient(endpoint, { ...opts, headersTimeoutMs: opts.headersTimeoutMs ?? 60_000 });
  let last = '';
  try {
    const stream = await client.pull({ model, stream: true });
    for await (const p of stream) {
      if (opts.signal?.aborted) {
        stream.abort();
        throw providerError(ctx, 'cancelled', 'the pull was cancelled');
      }
      last = p.status;
      const fraction = p.total ? Math.min(1, (p.completed ?? 0) / p.total) : undefined;
      onProgress?.({
        status: p.status,
        digest: p.digest || undefined,
        completed: p.completed,
        total: p.total,
        fraction,
      });
    }
  } catch (err) {
    throw mapOllamaError(ctx, err, opts.signal);
  }
  if (last !== 'success') throw providerError(ctx, 'server_error', `the pull ended with status "${last}"`);
  forgetOllamaFacts(endpoint);
}
