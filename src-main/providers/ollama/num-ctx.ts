/** Chooses Ollama's `num_ctx` so a conversation fits without reloading the model at every turn. */
import type { ChatMessage, ToolSpec } from '../types.js';

/** Template tokens per message (role markers, separators), counted as characters at the default ratio. */
const MESSAGE_OVERHEAD_CHARS = 28;

/**
 * Characters of a prompt as Ollama receives it (contents, tool calls, tool specs, extra text such
 * as a schema), plus an allowance per message for the chat template around it.
 */
export function promptChars(messages: ChatMessage[], tools?: ToolSpec[], extra = ''): number {
  let chars = extra.length + messages.length * MESSAGE_OVERHEAD_CHARS;
  for (const m of messages) {
    chars += m.content.length;
    if (m.tool_calls) chars += JSON.stringify(m.tool_calls).length;
  }
  if (tools?.length) chars += JSON.stringify(tools).length;
  return chars;
}

/** Typical characters per token of real models' vocabularies, until a model's own answers say otherwise. */
export const DEFAULT_CHARS_PER_TOKEN = 3.5;

/** Rough token count: `charsPerToken` characters per token (~3.5 chars per token, ~8 template tokens per message by default). */
export function estimateTokens(
  messages: ChatMessage[],
  tools?: ToolSpec[],
  extra = '',
  charsPerToken = DEFAULT_CHARS_PER_TOKEN,
): number {
  return Math.ceil(promptChars(messages, tools, extra) / charsPerToken);
}

/**
 * A model's characters per token, learned from its answers: Ollama's `prompt_eval_count` counts
 * the prompt tokens it evaluated, at most the whole prompt (less when its cache held a prefix), so
 * chars / evaluated is never below the true ratio and the smallest value seen is the best
 * estimate (exact after a call with nothing cached). Never above the default.
 */
export function learnCharsPerToken(current: number, chars: number, evaluatedTokens: number): number {
  if (evaluatedTokens <= 0 || chars <= 0) return current;
  return Math.max(0.25, Math.min(current, chars / evaluatedTokens));
}

/**
 * A model's characters per token in what it writes, learned from an answer of at least 16 tokens (the
 * smallest ratio seen; undefined until one was seen). A model can write fewer characters per token than its
 * prompts hold (other scripts, emoji, byte tokens): a structured answer sized by the prompt's ratio alone is
 * then cut off mid-string.
 */
export function learnOutputCharsPerToken(
  current: number | undefined,
  text: string,
  completionTokens: number | undefined,
): number | undefined {
  if (!completionTokens || completionTokens < 16 || !text) return current;
  return learnCharsPerToken(current ?? DEFAULT_CHARS_PER_TOKEN, text.length, completionTokens);
}

/**
 * num_ctx: at least `base` (params.context_size or 4096), grown in powers of two to fit the prompt
 * estimate + the reply + a margin, never below `previous` (Ollama reloads the model when num_ctx
 * changes, so it only grows), capped at the model's trained context when known.
 */
export function chooseNumCtx(
  promptTokens: number,
  maxTokens: number,
  opts: { base?: number; previous?: number; modelMax?: number } = {},
): number {
  const base = opts.base ?? 4096;
  const need = promptTokens + maxTokens + 256;
  let n = Math.max(base, opts.previous ?? 0);
  while (n < need) n *= 2;
  if (opts.modelMax && n > opts.modelMax) n = opts.modelMax;
  return n;
}
