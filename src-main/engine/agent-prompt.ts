import type { ToolDef } from '../../src-shared/schemas/index.js';

/**
 * The agent's system prompt on a node: the graph's global prompt, then the node's instruction
 * (both already templated), then the tools it may call. The transcript follows as user/assistant
 * messages, so the prefix stays the same while the conversation stays on one node.
 */
export function buildAgentSystemPrompt(globalPrompt: string, instruction: string, tools: ToolDef[]): string {
  const parts = [globalPrompt.trim(), instruction.trim()].filter(Boolean);
  if (tools.length) {
    parts.push('Tools you can call:\n' + tools.map((t) => `- ${t.name}${t.description ? `: ${t.description}` : ''}`).join('\n'));
  }
  return parts.join('\n\n');
}
