/**
 * The texts of an agent graph a fix can change, as a model reads them and as edits address them:
 * the global prompt, a node's instruction (or its message, for end and transfer nodes), a transition's
 * prompt condition and a snippet.
 */
import type { AgentGraph, GraphNode, Transition } from '../../src-shared/schemas/index.js';
import { conditionText } from '../analysis/gap-tests.js';
import { expandSnippets } from '../engine/conversation/template.js';

export { conditionText };

export const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A node's own text: the instruction the agent model follows on it, or what it says (end, transfer). */
export function nodeText(n: GraphNode): string | undefined {
  switch (n.type) {
    case 'conversation':
    case 'press_digit':
      return n.instruction.text;
    case 'extract':
      return n.instruction?.text;
    case 'end':
    case 'transfer':
      return n.message?.text;
    default:
      return undefined;
  }
}

/** The node text with its `{%snippets%}` expanded (what the agent model read); the raw text when expansion fails. */
export function expandedNodeText(g: AgentGraph, n: GraphNode): string | undefined {
  const raw = nodeText(n);
  if (raw === undefined) return undefined;
  try {
    return expandSnippets(raw, g.snippets);
  } catch {
    return raw;
  }
}

export function expandedGlobalPrompt(g: AgentGraph): string {
  try {
    return expandSnippets(g.global_prompt, g.snippets);
  } catch {
    return g.global_prompt;
  }
}

/** `greet -> refund (to-refund): Caller asks about a refund`. */
export function transitionLine(from: GraphNode, t: Transition): string {
  return `${from.id} -> ${t.target} (${t.id}): ${clip(conditionText(t.condition), 160)}`;
}

/** The node and transition a transition id names: on `nodeId` when given, else the one node that has it. */
export function findTransition(
  g: AgentGraph,
  transitionId: string,
  nodeId?: string | null,
): { node: GraphNode; transition: Transition } | undefined {
  const holders = g.nodes.filter((n) => n.transitions.some((t) => t.id === transitionId));
  const node = holders.find((n) => n.id === nodeId) ?? (holders.length === 1 ? holders[0] : undefined);
  const transition = node?.transitions.find((t) => t.id === transitionId);
  return node && transition ? { node, transition } : undefined;
}

/** `{%name%}` references of a text (the snippets an edit of it may touch). */
export function snippetRefs(text: string): string[] {
  return [...new Set([...text.matchAll(/\{%\s*([^%{}]+?)\s*%\}/g)].map((m) => m[1]))];
}
