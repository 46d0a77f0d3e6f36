import type { ModelInfo, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { ChatModel, ListOptions, Provider } from '../types.js';
import { listOpenAiModels } from './list.js';
import { defaultOpenAiEndpoints, OpenAiChatModel, type OpenAiModelOptions } from './model.js';

export type OpenAiProviderOptions = Omit<OpenAiModelOptions, 'signal'>;

export function createOpenAiProvider(opts: OpenAiProviderOptions = {}): Provider {
  return {
    id: 'openai',
    load(spec: ModelSpec, o?: { signal?: AbortSignal }): Promise<ChatModel> {
      return OpenAiChatModel.load(spec, { ...opts, signal: o?.signal });
    },
    async list(o: ListOptions): Promise<ModelInfo[]> {
      const endpoints = o.endpoints?.length ? o.endpoints : defaultOpenAiEndpoints();
      let apiKey: string | undefined;
      if (opts.resolveKey)
        apiKey = (await opts.resolveKey({ provider: 'openai', model: '*', params: {} })) || undefined;
      const lists = await Promise.all(
        endpoints.map((ep) => listOpenAiModels(ep, { apiKey, signal: o.signal, fetch: opts.fetch })),
      );
      return lists.flat();
    },
  };
}
