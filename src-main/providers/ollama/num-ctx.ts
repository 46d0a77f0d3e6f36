/** Chooses Ollama's `num_ctx` so a conversation fits without reloading the model at every turn. */
import type { ChatMessage, ToolSpec } from '../types.js';

/** Rough token count: ~3.5 characters per token plus per-message template overhead. */
export function estimateTokens(messages: ChatMessage[], tools?: ToolSpec[], extra = ''): number {
  let chars = extra.length;
  for (const m of messages) {
    chars += m.content.length;
    if (m.tool_calls) chars += JSON.stringify(m.tool_calls).length;
  }
  if (tools?.length) chars += JSON.stringify(tools).length;
  return Math.ceil(chars / 3.5) + messages.length * 8;
}

/**
 * num_ctx: at least `base` (params.context_size or 4096), grown in powers of two to fit the prompt
 * estimate + the reply + a margin, never below `previous` (Ollama reloads the model when num_ctx
 * changes, so it only grows), capped at the model's trained context when known.
 */
export function chooseNumCtx(promptTokens: number, maxTokens: number, opts: { base?: number; previous?: number; modelMax?: number } = {}): number {
  const base = opts.base ?? 4096;
  const need = promptTokens + maxTokens + 256;
  let n = Math.max(base, opts.previous ?? 0);
  while (n < need) n *= 2;
  if (opts.modelMax && n > opts.modelMax) n = opts.modelMax;
  return n;
}
