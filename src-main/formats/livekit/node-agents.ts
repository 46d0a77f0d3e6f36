import type { GraphNode, Transition } from '../../../src-shared/schemas/index.js';
import { formatEquationExpression } from '../shared/equations.js';
import type { ExportContext } from '../types.js';

/**
 * How a node that is not a conversation node becomes a LiveKit agent: LiveKit files are made of agents,
 * so every node gets one, with instructions that say what the node did, and the export report says what
 * changed. Conversation nodes are written as they are (export.ts).
 */

export interface NodeAgent {
  instructions: string;
  /** Graph tools the agent offers. */
  tools: string[];
}

const words = (u: { text: string } | undefined) => u?.text ?? '';

/** Instructions and tools for node `n` (nodes[i]); reports what LiveKit cannot keep. */
export function nodeAgent(n: GraphNode, i: number, cls: string, ctx: ExportContext): NodeAgent {
  const at = `nodes[${i}]`;
  const became = (what: string, why: string) =>
    ctx.drop(at, `${n.type} node ${JSON.stringify(n.id)}`, `became agent class ${cls}, ${what}; ${why}`);
  switch (n.type) {
    case 'conversation':
      return { instructions: n.instruction.text, tools: n.tools ?? [] };
    case 'press_digit':
      became('whose instructions ask for the digit', 'LiveKit has no keypad nodes');
      return { instructions: n.instruction.text, tools: [] };
    case 'extract': {
      const list = n.variables.map((v) => `${v.name}${v.description ? ` (${v.description})` : ''}`).join('; ');
      became('which asks for the values', 'LiveKit does not store extracted variables');
      return {
        instructions: [words(n.instruction), `Find out from the caller: ${list}.`].filter(Boolean).join('\n\n'),
        tools: [],
      };
    }
    case 'function':
      became(`which calls the tool ${n.tool} from its instructions`, 'LiveKit has no tool-call nodes');
      return { instructions: `Call the tool ${n.tool} now, then continue.`, tools: [n.tool] };
    case 'transfer':
      became('whose instructions say where to transfer', 'the transfer itself is left to your code');
      return {
        instructions: [words(n.message), `Transfer the call to ${n.target || 'a person'}.`]
          .filter(Boolean)
          .join('\n\n'),
        tools: [],
      };
    case 'end':
      became('which says its message', 'hanging up is left to your code');
      return {
        instructions: [words(n.message), 'Say goodbye: the call ends here.'].filter(Boolean).join('\n\n'),
        tools: [],
      };
    case 'logic':
      became('which routes by its handoffs without speaking', 'LiveKit has no routing-only nodes');
      return { instructions: 'Do not speak. Hand over at once to the agent whose description fits.', tools: [] };
  }
}

/** The description of a handoff written for a transition that is not a prompt (reported). */
export function handoffDescription(t: Transition, tp: string, ctx: ExportContext): string {
  const c = t.condition;
  if (c.kind === 'prompt') return c.prompt;
  const text =
    c.kind === 'equation'
      ? `When ${formatEquationExpression(c.equations, c.match)}`
      : c.kind === 'else'
        ? 'When no other handoff applies'
        : 'Go on at once';
  ctx.drop(
    tp,
    `${c.kind} transition to ${JSON.stringify(t.target)}`,
    `written as a handoff the model decides from the description ${JSON.stringify(text)}`,
  );
  return text;
}
