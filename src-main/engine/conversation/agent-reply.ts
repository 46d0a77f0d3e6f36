import type { GraphNode, ToolDef, Utterance } from '../../../src-shared/schemas/index.js';
import { buildAgentMessages } from './agent-prompt.js';
import type { Runtime } from './runtime.js';
import { callTool, toToolSpec } from './tools.js';

/**
 * The agent speaks on a node. Static text is spoken verbatim after templating, with no model call.
 * A prompt is sent to the agent model with the transcript (see agent-prompt.ts for the order); tool calls the
 * model makes go through the mocks and the model is called again with their results.
 */
export async function speak(
  rt: Runtime,
  node: GraphNode,
  utt: Utterance | undefined,
  tools: ToolDef[] = [],
): Promise<void> {
  if (!utt) return;
  if (utt.mode === 'static') {
    const text = rt.template(utt.text);
    if (text.trim()) rt.sayAgent(node.id, text);
    return;
  }
  await generateReply(rt, node, rt.template(utt.text), tools);
}

export async function generateReply(
  rt: Runtime,
  node: GraphNode,
  instruction: string,
  tools: ToolDef[],
): Promise<void> {
  const globalPrompt = rt.template(rt.graph.global_prompt);
  const specs = tools.map((t) => toToolSpec(t, rt.limits.toolArgChars));
  for (let round = 0; ; round++) {
    rt.checkCancelled();
    const last = round >= rt.limits.maxToolRounds;
    const res = await rt.calls.chat('agent', 'chat', node.id, {
      messages: buildAgentMessages(globalPrompt, instruction, tools, rt.history, rt.nodeEnteredAtHistory),
      ...(specs.length && !last ? { tools: specs } : {}),
      maxTokens: rt.limits.chatMaxTokens,
      onToken: (chunk) => rt.token('agent', chunk),
    });
    const text = res.text.trim();
    if (!res.toolCalls.length || last) {
      rt.sayAgent(node.id, text);
      return;
    }
    rt.history.push({ role: 'assistant', content: res.text, tool_calls: res.toolCalls });
    if (text) rt.addTurn({ role: 'agent', content: text, node: node.id });
    for (const tc of res.toolCalls) {
      const out = callTool(rt, node, tc.name, tc.arguments ?? {});
      rt.history.push({ role: 'tool', content: out.content, tool_call_id: tc.id, name: tc.name });
    }
    if (rt.endRequest) return;
  }
}
