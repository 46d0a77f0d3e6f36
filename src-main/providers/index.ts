/** Model providers: one interface (./types.ts), one registry. */
export * from './types.js';
export {
  createProviderRegistry,
  canonicalSpecKey,
  type ProviderRegistry,
  type ProviderRegistryOptions,
  type RegistryListOptions,
} from './registry.js';
export {
  createLlamaCppProvider,
  LlamaCppChatModel,
  llamaCppStats,
  scanModelsDir,
  readGgufFacts,
  sha256File,
  chatWrapperNames,
} from './llama-cpp/index.js';
export {
  createOllamaProvider,
  OllamaChatModel,
  listOllamaModels,
  pullOllamaModel,
  type PullProgress,
} from './ollama/index.js';
export { createOpenAiProvider, OpenAiChatModel, listOpenAiModels, type KeyResolver } from './openai/index.js';
export type { EndpointStats } from './shared/endpoint-pool.js';
export type { RetryOptions } from './shared/retry.js';
export { redact, registerSecret } from './shared/redact.js';
