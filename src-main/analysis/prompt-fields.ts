import type { AgentGraph, GraphNode } from '../../src-shared/schemas/index.js';
import { expandSnippets } from '../engine/conversation/template.js';

/**
 * Every text of a graph that the engine runs through its templates (so `{%snippet%}` references in it
 * are expanded): the global prompt, what each node says or is told, and each prompt condition (edges,
 * global entry and go-back conditions). `path` is the field's JSON path in the graph; `node_id` and
 * `transition_id` say where it is on the canvas.
 */
export interface PromptField {
  path: string;
  kind: 'global_prompt' | 'instruction' | 'message' | 'condition';
  node_id?: string;
  transition_id?: string;
  text: string;
}

type Utt = { text: string } | undefined;

function nodeUtterances(n: GraphNode): [string, 'instruction' | 'message', Utt][] {
  switch (n.type) {
    case 'conversation':
    case 'press_digit':
      return [['instruction', 'instruction', n.instruction]];
    case 'extract':
      return [['instruction', 'instruction', n.instruction]];
    case 'function':
      return [['speak_during_execution', 'message', n.speak_during_execution]];
    case 'transfer':
    case 'end':
      return [['message', 'message', n.message]];
    default:
      return [];
  }
}

export function promptFields(graph: AgentGraph): PromptField[] {
  const out: PromptField[] = [];
  if (graph.global_prompt) out.push({ path: 'global_prompt', kind: 'global_prompt', text: graph.global_prompt });
  graph.nodes.forEach((n, i) => {
    for (const [key, kind, utt] of nodeUtterances(n))
      if (utt?.text) out.push({ path: `nodes[${i}].${key}.text`, kind, node_id: n.id, text: utt.text });
    n.transitions.forEach((t, j) => {
      if (t.condition.kind === 'prompt' && t.condition.prompt)
        out.push({
          path: `nodes[${i}].transitions[${j}].condition.prompt`,
          kind: 'condition',
          node_id: n.id,
          transition_id: t.id,
          text: t.condition.prompt,
        });
    });
    for (const list of ['entry_conditions', 'go_back_conditions'] as const)
      n.global?.[list].forEach((c, j) => {
        if (c.condition.kind === 'prompt' && c.condition.prompt)
          out.push({
            path: `nodes[${i}].global.${list}[${j}].condition.prompt`,
            kind: 'condition',
            node_id: n.id,
            transition_id: c.id,
            text: c.condition.prompt,
          });
      });
  });
  return out;
}

/** Sets the text at a path `promptFields` returned, on a copy-safe graph (the caller passes a clone). */
export function setPromptField(graph: AgentGraph, path: string, text: string): void {
  if (path === 'global_prompt') {
    graph.global_prompt = text;
    return;
  }
  const keys = [...path.matchAll(/([A-Za-z_]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
  let at: Record<string | number, unknown> = graph as unknown as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[keys[keys.length - 1]] = text;
}

/** Each templated field with its snippets expanded: what the engine reads (before `{{variables}}`). */
export function expandedPrompts(graph: AgentGraph): Record<string, string> {
  return Object.fromEntries(promptFields(graph).map((f) => [f.path, expandSnippets(f.text, graph.snippets)]));
}
