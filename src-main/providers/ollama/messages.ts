import type { Message, Tool } from 'ollama';
import type { ChatMessage, ToolSpec } from '../types.js';

export function toOllamaMessages(messages: ChatMessage[]): Message[] {
  const names = new Map<string, string>();
  return messages.map((m) => {
    if (m.role === 'assistant' && m.tool_calls?.length) {
      for (const c of m.tool_calls) names.set(c.id, c.name);
      return {
        role: 'assistant',
        content: m.content,
        tool_calls: m.tool_calls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
      };
    }
    if (m.role === 'tool') {
      const toolName = m.name ?? (m.tool_call_id ? names.get(m.tool_call_id) : undefined);
      return { role: 'tool', content: m.content, ...(toolName ? { tool_name: toolName } : {}) };
    }
    return { role: m.role, content: m.content };
  });
}

export function toOllamaTools(tools: ToolSpec[] | undefined): Tool[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters as Tool['function']['parameters'] },
  }));
}
