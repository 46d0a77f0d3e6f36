import type { ChatMessage } from '../providers/types.js';
import type { ToolDef } from '../../src-shared/schemas/index.js';

/**
 * The agent's messages on a node. The conversation-wide part (the graph's global prompt) comes
 * first and never changes, then the transcript, then the current node's instruction and tools as a
 * closing system message. Moving to another node therefore changes only the last message, so a
 * local model keeps its KV cache for the whole transcript instead of re-reading it at every node
 * switch (measured: 41% of the agent's evaluated tokens were such re-reads when the node
 * instruction led the prompt).
 */
export function buildAgentMessages(globalPrompt: string, instruction: string, tools: ToolDef[], history: ChatMessage[]): ChatMessage[] {
  const step = [instruction.trim()];
  if (tools.length) step.push('Tools you can call:\n' + tools.map((t) => `- ${t.name}${t.description ? `: ${t.description}` : ''}`).join('\n'));
  const stepText = step.filter(Boolean).join('\n\n');
  const lead = globalPrompt.trim();
  return [
    ...(lead ? [{ role: 'system' as const, content: lead }] : []),
    ...history,
    ...(stepText ? [{ role: 'system' as const, content: stepText }] : []),
  ];
}
