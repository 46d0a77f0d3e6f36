import type { ModelInfo, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { ChatModel, ListOptions, Provider } from '../types.js';
import { LlamaCppChatModel, type LlamaCppModelOptions } from './model.js';
import { scanModelsDir } from './scan.js';

export type LlamaCppProviderOptions = Omit<LlamaCppModelOptions, 'signal'>;

/** In-process GGUF models through node-llama-cpp. */
export function createLlamaCppProvider(opts: LlamaCppProviderOptions = {}): Provider {
  return {
    id: 'llama-cpp',
    load(spec: ModelSpec, o?: { signal?: AbortSignal }): Promise<ChatModel> {
      return LlamaCppChatModel.load(spec, { ...opts, signal: o?.signal });
    },
    async list(o: ListOptions): Promise<ModelInfo[]> {
      if (!o.dir) return [];
      return scanModelsDir(o.dir, { signal: o.signal });
    },
  };
}
