/** Reads an OpenAI chat-completions SSE stream into text, tool calls and usage. */
import type { ToolCallRequest } from '../types.js';
import { readSse } from '../shared/http.js';
import { rawBodyLimit, ReplyCounter } from '../shared/reply-bounds.js';

export interface OpenAiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
}

export interface StreamResult {
  text: string;
  toolCalls: ToolCallRequest[];
  usage?: OpenAiUsage;
  finishReason?: string;
  /** An error object the server sent inside the stream. */
  error?: string;
  /** Content deltas received (servers stream about one token per delta). */
  deltas: number;
  /** performance.now() when the first text or tool-call delta arrived (first-token latency). */
  firstOutputAt?: number;
}

export function parseToolArguments(raw: string): Record<string, unknown> {
  if (!raw.trim()) return {};
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { _raw: raw };
  }
}

/** A reply's bound while it streams: its text and tool arguments are counted, `onOver()` is thrown past it. */
export interface StreamBound {
  counter: ReplyCounter;
  onOver: () => Error;
}

export async function readChatStream(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  onText?: (chunk: string) => void,
  bound?: StreamBound,
): Promise<StreamResult> {
  const out: StreamResult = { text: '', toolCalls: [], deltas: 0 };
  const calls = new Map<number, { id: string; name: string; args: string }>();
  const count = (chunk: string) => {
    if (bound && !bound.counter.add(chunk)) throw bound.onOver(); // leaving the loop closes the body
  };
  const limit = bound && { maxBytes: rawBodyLimit(bound.counter.bound, true), onOver: bound.onOver };
  for await (const data of readSse(body, limit)) {
    if (data === '[DONE]') break;
    let j: {
      choices?: Array<{
        delta?: {
          content?: string | null;
          tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
        };
        finish_reason?: string | null;
      }>;
      usage?: OpenAiUsage | null;
      error?: { message?: string } | string;
    };
    try {
      j = JSON.parse(data);
    } catch {
      continue;
    }
    if (j.error) {
      out.error = typeof j.error === 'string' ? j.error : (j.error.message ?? JSON.stringify(j.error));
      break;
    }
    if (j.usage) out.usage = j.usage;
    for (const ch of j.choices ?? []) {
      const d = ch.delta;
      if (d?.content || d?.tool_calls?.length) out.firstOutputAt ??= performance.now();
      if (d?.content) {
        count(d.content);
        out.deltas++;
        out.text += d.content;
        onText?.(d.content);
      }
      for (const tc of d?.tool_calls ?? []) {
        const idx = tc.index ?? 0;
        const cur = calls.get(idx) ?? { id: '', name: '', args: '' };
        if (tc.id) cur.id = tc.id;
        if (tc.function?.name) count(tc.function.name);
        if (tc.function?.arguments) count(tc.function.arguments);
        if (tc.function?.name) cur.name += tc.function.name;
        if (tc.function?.arguments) cur.args += tc.function.arguments;
        calls.set(idx, cur);
      }
      if (ch.finish_reason) out.finishReason = ch.finish_reason;
    }
  }
  out.toolCalls = [...calls.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([i, c]) => ({ id: c.id || `call_${i}`, name: c.name, arguments: parseToolArguments(c.args) }));
  return out;
}
