export { createLlamaCppProvider, type LlamaCppProviderOptions } from './provider.js';
export { LlamaCppChatModel, type LlamaCppModelOptions, type LlamaCppRuntimeInfo } from './model.js';
export { llamaCppStats, getLlamaRuntime, TINY_MODEL_BYTES } from './runtime.js';
export { scanModelsDir, findGgufFiles } from './scan.js';
export { readGgufFacts, sha256File, type GgufFacts } from './gguf-info.js';
export { chatWrapperNames, normalizeWrapperName } from './chat-wrapper.js';
export { toGrammarSchema } from './grammar.js';
