/**
 * The longest prompts a run will send, before the run: the agent's (global prompt + the longest node
 * instruction) and the simulated caller's (the longest persona prompt). The pre-run context check
 * counts them with the model's tokenizer where it can.
 */
import type { AgentGraph, Persona, TestSuite } from '../../../src-shared/schemas/index.js';
import { callerPrompt } from './caller.js';

export interface PromptSizes {
  /** The agent's longest system text. */
  agent: string;
  /** The simulated caller's longest system text. */
  caller: string;
  /** The node whose instruction is in `agent` (none when no node has one). */
  agentNode?: string;
  /** The test whose caller prompt is `caller`. */
  callerTest?: string;
}

export function longestPrompts(
  graph: AgentGraph,
  suite: TestSuite,
  resolvePersona?: (id: string) => Persona | undefined,
): PromptSizes {
  let node = '';
  let agentNode: string | undefined;
  for (const n of graph.nodes) {
    const u = (n as { instruction?: { text?: string } }).instruction;
    if (u?.text && u.text.length > node.length) [node, agentNode] = [u.text, n.id];
  }
  let caller = '';
  let callerTest: string | undefined;
  for (const t of suite.tests) {
    let p = '';
    try {
      p = callerPrompt(t, resolvePersona);
    } catch {
      /* a missing persona is reported when the run is planned */
    }
    if (p.length > caller.length) [caller, callerTest] = [p, t.name];
  }
  return {
    agent: `${graph.global_prompt}\n\n${node}`.trim(),
    caller,
    ...(agentNode ? { agentNode } : {}),
    ...(callerTest ? { callerTest } : {}),
  };
}
