/**
 * The run option `context: trim`: when a call no longer fits the model's context, the oldest turns of
 * its message list are dropped (system messages - the global prompt and the node instruction - are
 * always kept, and so is the latest turn) and the call is made again.
 */
import type { ChatMessage } from '../../providers/types.js';
import { ProviderError } from '../../providers/types.js';

export type ContextPolicy = 'end' | 'trim';

/** A provider said the conversation does not fit its context (through the engine's error wrapping). */
export function isContextOverflow(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; i++, x = (x as { cause?: unknown }).cause)
    if (x instanceof ProviderError) return x.code === 'context_overflow';
  return false;
}

/**
 * The messages without their oldest turn (a non-system message, with the tool results that answer it),
 * or undefined when only the latest turn is left. `dropped` counts the messages removed.
 */
export function dropOldestTurn(messages: ChatMessage[]): { messages: ChatMessage[]; dropped: number } | undefined {
  const turns = messages.map((m, i) => ({ m, i })).filter(({ m }) => m.role !== 'system');
  if (turns.length <= 1) return undefined;
  const drop = new Set<number>([turns[0].i]);
  // a tool call's results go with it, and results whose call is gone would be orphans
  const callIds = new Set((turns[0].m.tool_calls ?? []).map((c) => c.id));
  for (const { m, i } of turns.slice(1, -1)) {
    if (m.role !== 'tool') break;
    if (!m.tool_call_id || callIds.has(m.tool_call_id) || turns[0].m.role === 'tool') drop.add(i);
  }
  return { messages: messages.filter((_, i) => !drop.has(i)), dropped: drop.size };
}
