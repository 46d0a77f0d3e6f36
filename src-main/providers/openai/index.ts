export { createOpenAiProvider, type OpenAiProviderOptions } from './provider.js';
export {
  OpenAiChatModel,
  DEFAULT_OPENAI_URL,
  defaultOpenAiEndpoints,
  type KeyResolver,
  type OpenAiModelOptions,
} from './model.js';
export { listOpenAiModels } from './list.js';
export { toStrictSchema } from './messages.js';
