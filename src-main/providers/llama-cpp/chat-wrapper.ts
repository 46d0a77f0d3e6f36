/** Chooses the chat wrapper: the GGUF's template when usable, else a built-in one, or the user's explicit choice. */
import type { ChatWrapper, LlamaModel } from 'node-llama-cpp';

/** Friendly names -> node-llama-cpp wrapper type names. */
const ALIASES: Record<string, string> = {
  chatml: 'chatML',
  llama2: 'llama2Chat',
  llama2chat: 'llama2Chat',
  alpaca: 'alpacaChat',
  alpacachat: 'alpacaChat',
  falcon: 'falconChat',
  falconchat: 'falconChat',
  deepseek: 'deepSeek',
  'llama3.2': 'llama3.2-lightweight',
  'llama3.2-lightweight': 'llama3.2-lightweight',
  llama31: 'llama3.1',
  llama3: 'llama3',
  'llama3.1': 'llama3.1',
  general: 'general',
  qwen: 'qwen',
  mistral: 'mistral',
  functionary: 'functionary',
  gemma: 'gemma',
  gemma4: 'gemma4',
  harmony: 'harmony',
  'gpt-oss': 'harmony',
  muse: 'muse',
  seed: 'seed',
  jinja: 'jinjaTemplate',
  jinjatemplate: 'jinjaTemplate',
  template: 'jinjaTemplate',
};

/** The accepted values of `params.chat_wrapper`. */
export async function chatWrapperNames(): Promise<string[]> {
  const { specializedChatWrapperTypeNames } = await import('node-llama-cpp');
  return ['auto', ...specializedChatWrapperTypeNames, 'jinjaTemplate'];
}

/** Normalises a user-given wrapper name; undefined for 'auto'/empty; throws on unknown names. */
export async function normalizeWrapperName(name: string | undefined): Promise<string | undefined> {
  if (!name || name.toLowerCase() === 'auto') return undefined;
  const { specializedChatWrapperTypeNames } = await import('node-llama-cpp');
  const exact = (specializedChatWrapperTypeNames as readonly string[]).find(
    (n) => n.toLowerCase() === name.toLowerCase(),
  );
  const resolved = exact ?? ALIASES[name.toLowerCase().replace(/[\s_]/g, '')] ?? ALIASES[name.toLowerCase()];
  if (!resolved) {
    throw new Error(
      `unknown chat_wrapper "${name}" (expected one of: ${(await chatWrapperNames()).join(', ')}, or aliases chatml, llama2, alpaca)`,
    );
  }
  return resolved;
}

export interface ResolvedWrapper {
  wrapper: ChatWrapper;
  /** What was used, e.g. 'jinjaTemplate' (the GGUF's template), 'llama2Chat', 'general'. */
  name: string;
  explicit: boolean;
}

/** Resolves the wrapper for a model: explicit name, else the GGUF template, else a built-in guess, else 'general'. */
export async function resolveWrapper(model: LlamaModel, requested?: string): Promise<ResolvedWrapper> {
  const { resolveChatWrapper, GeneralChatWrapper } = await import('node-llama-cpp');
  const type = await normalizeWrapperName(requested);
  if (type) {
    const wrapper = resolveChatWrapper(model, {
      type: type as never,
      warningLogs: false,
      fallbackToOtherWrappersOnJinjaError: true,
    });
    return { wrapper: wrapper ?? new GeneralChatWrapper(), name: type, explicit: true };
  }
  const wrapper =
    resolveChatWrapper(model, { warningLogs: false, fallbackToOtherWrappersOnJinjaError: true }) ??
    new GeneralChatWrapper();
  return { wrapper, name: wrapperTypeName(wrapper), explicit: false };
}

function wrapperTypeName(w: ChatWrapper): string {
  const cls = (w.constructor as { name?: string }).name ?? '';
  const map: Record<string, string> = {
    JinjaTemplateChatWrapper: 'jinjaTemplate',
    TemplateChatWrapper: 'template',
    GeneralChatWrapper: 'general',
    Llama2ChatWrapper: 'llama2Chat',
    Llama3ChatWrapper: 'llama3',
    Llama3_1ChatWrapper: 'llama3.1',
    Llama3_2LightweightChatWrapper: 'llama3.2-lightweight',
    ChatMLChatWrapper: 'chatML',
    MistralChatWrapper: 'mistral',
    QwenChatWrapper: 'qwen',
    DeepSeekChatWrapper: 'deepSeek',
    GemmaChatWrapper: 'gemma',
    FunctionaryChatWrapper: 'functionary',
    AlpacaChatWrapper: 'alpacaChat',
    FalconChatWrapper: 'falconChat',
    HarmonyChatWrapper: 'harmony',
  };
  return map[cls] ?? w.wrapperName;
}
