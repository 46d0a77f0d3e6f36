import type { ModelInfo, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { ChatModel, ListOptions, Provider } from '../types.js';
import { defaultOllamaEndpoints, normalizeEndpoint } from './client.js';
import { listOllamaModels } from './info.js';
import { OllamaChatModel, type OllamaModelOptions } from './model.js';

export type OllamaProviderOptions = Omit<OllamaModelOptions, 'signal'>;

export function createOllamaProvider(opts: OllamaProviderOptions = {}): Provider {
  return {
    id: 'ollama',
    load(spec: ModelSpec, o?: { signal?: AbortSignal }): Promise<ChatModel> {
      return OllamaChatModel.load(spec, { ...opts, signal: o?.signal });
    },
    async list(o: ListOptions): Promise<ModelInfo[]> {
      const endpoints = (o.endpoints?.length ? o.endpoints : defaultOllamaEndpoints()).map(normalizeEndpoint);
      const lists = await Promise.all(
        endpoints.map((ep) => listOllamaModels(ep, { signal: o.signal, fetch: opts.fetch })),
      );
      return lists.flat();
    },
  };
}
