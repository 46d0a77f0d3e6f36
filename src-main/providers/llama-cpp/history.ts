/** Converts Parley messages and tools to node-llama-cpp chat history items and functions. */
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions } from 'node-llama-cpp';
import type { ChatMessage, ToolSpec } from '../types.js';

/**
 * system -> system, user -> user, assistant -> model. An assistant message's tool calls become
 * function-call items whose results come from the following `tool` messages (matched by
 * tool_call_id, else by order). Unmatched tool messages become user text.
 */
export function toLlamaHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = [];
  const consumed = new Set<number>();
  for (let i = 0; i < messages.length; i++) {
    if (consumed.has(i)) continue;
    const m = messages[i];
    if (m.role === 'system') {
      // consecutive system messages merge (most templates accept only one)
      const prev = out[out.length - 1];
      if (prev?.type === 'system' && typeof prev.text === 'string') prev.text = `${prev.text}\n\n${m.content}`;
      else out.push({ type: 'system', text: m.content });
    } else if (m.role === 'user') {
      out.push({ type: 'user', text: m.content });
    } else if (m.role === 'assistant') {
      const response: Array<string | ChatModelFunctionCall> = [];
      if (m.content) response.push(m.content);
      for (const call of m.tool_calls ?? []) {
        let result: unknown = null;
        for (let j = i + 1; j < messages.length; j++) {
          const t = messages[j];
          if (t.role !== 'tool') break;
          if (consumed.has(j)) continue;
          if (!t.tool_call_id || t.tool_call_id === call.id) {
            consumed.add(j);
            result = parseMaybeJson(t.content);
            break;
          }
        }
        response.push({ type: 'functionCall', name: call.name, params: call.arguments, result });
      }
      const prev = out[out.length - 1];
      if (prev?.type === 'model') prev.response.push(...response);
      else out.push({ type: 'model', response });
    } else {
      out.push({ type: 'user', text: `Tool result${m.name ? ` (${m.name})` : ''}: ${m.content}` });
    }
  }
  return out;
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toLlamaFunctions(tools: ToolSpec[] | undefined): ChatModelFunctions | undefined {
  if (!tools?.length) return undefined;
  const fns: Record<string, { description?: string; params?: never }> = {};
  for (const t of tools) fns[t.name] = { description: t.description, params: t.parameters as never };
  return fns;
}
