export { createOllamaProvider, type OllamaProviderOptions } from './provider.js';
export { OllamaChatModel, type OllamaModelOptions } from './model.js';
export {
  listOllamaModels,
  pullOllamaModel,
  ollamaModelFacts,
  type PullProgress,
  type OllamaModelFacts,
} from './info.js';
export { chooseNumCtx, estimateTokens } from './num-ctx.js';
export { DEFAULT_OLLAMA_URL, defaultOllamaEndpoints } from './client.js';
