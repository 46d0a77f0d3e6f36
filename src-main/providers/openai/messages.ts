import type { ChatMessage, ToolSpec } from '../types.js';
import { mapSchema, type JsonSchema } from '../shared/json-schema.js';

export interface OpenAiMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  name?: string;
}

export function toOpenAiMessages(messages: ChatMessage[]): OpenAiMessage[] {
  return messages.map((m) => {
    if (m.role === 'assistant' && m.tool_calls?.length) {
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.tool_calls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: JSON.stringify(c.arguments ?? {}) },
        })),
      };
    }
    if (m.role === 'tool') return { role: 'tool', content: m.content, tool_call_id: m.tool_call_id ?? '' };
    return { role: m.role, content: m.content, ...(m.name && m.role === 'user' ? { name: m.name } : {}) };
  });
}

export function toOpenAiTools(tools: ToolSpec[] | undefined): unknown[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
}

/**
 * OpenAI strict structured outputs want every object closed (`additionalProperties: false`) and
 * every property listed in `required`.
 */
export function toStrictSchema(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (s) => {
    const isObject = s.type === 'object' || (s.properties && typeof s.properties === 'object');
    if (!isObject) return s;
    const keys = Object.keys((s.properties ?? {}) as Record<string, unknown>);
    return { ...s, type: 'object', additionalProperties: false, required: keys };
  });
}

/** OpenAI's schema names: [a-zA-Z0-9_-], max 64. */
export function schemaName(name: string | undefined): string {
  const n = (name ?? 'response').replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return n || 'response';
}
