import type { GraphNode, ToolDef, TurnPerturbation, Utterance } from '../../../src-shared/schemas/index.js';
import { firstSentenceEnd } from '../../../src-shared/speech/sentences.js';
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

/**
 * When the reply's first sentence was written (issue 27: a voice platform starts speaking it then), from
 * the start of the reply's first model call. A reply that was not streamed gives its full time, marked
 * estimated; one sentence long, its last token's time.
 */
class FirstSentenceClock {
  private readonly t0 = performance.now();
  private text = '';
  private at: number | undefined;
  private lastToken: number | undefined;

  token(chunk: string): void {
    this.lastToken = performance.now() - this.t0;
    if (this.at !== undefined) return;
    this.text += chunk;
    if (firstSentenceEnd(this.text) !== undefined) this.at = this.lastToken;
  }

  /** A tool round's text was its own turn: the reply's first sentence is still to come (the wait goes on). */
  nextRound(): void {
    this.text = '';
    this.at = undefined;
  }

  latency(): { first_sentence_ms: number; estimated?: string[] } {
    const ms = this.at ?? this.lastToken;
    if (ms !== undefined) return { first_sentence_ms: Math.round(ms * 10) / 10 };
    return { first_sentence_ms: Math.round((performance.now() - this.t0) * 10) / 10, estimated: ['first_sentence_ms'] };
  }
}

export async function generateReply(
  rt: Runtime,
  node: GraphNode,
  instruction: string,
  tools: ToolDef[],
  perturbation?: TurnPerturbation,
): Promise<void> {
  const globalPrompt = rt.template(rt.graph.global_prompt);
  const specs = tools.map((t) => toToolSpec(t, rt.limits.toolArgChars));
  const clock = new FirstSentenceClock();
  for (let round = 0; ; round++) {
    rt.checkCancelled();
    const last = round >= rt.limits.maxToolRounds;
    const res = await rt.calls.chat('agent', 'chat', node.id, {
      messages: buildAgentMessages(globalPrompt, instruction, tools, rt.history, rt.nodeEnteredAtHistory),
      ...(specs.length && !last ? { tools: specs } : {}),
      maxTokens: rt.limits.chatMaxTokens,
      onToken: (chunk) => {
        clock.token(chunk);
        rt.token('agent', chunk);
      },
    });
    const text = res.text.trim();
    if (!res.toolCalls.length || last) {
      rt.sayAgent(node.id, text, { latency: clock.latency(), ...(perturbation ? { perturbation } : {}) });
      return;
    }
    rt.history.push({ role: 'assistant', content: res.text, tool_calls: res.toolCalls });
    if (text) rt.addTurn({ role: 'agent', content: text, node: node.id });
    clock.nextRound();
    for (const tc of res.toolCalls) {
      const out = callTool(rt, node, tc.name, tc.arguments ?? {});
      rt.history.push({ role: 'tool', content: out.content, tool_call_id: tc.id, name: tc.name });
    }
    if (rt.endRequest) return;
  }
}
