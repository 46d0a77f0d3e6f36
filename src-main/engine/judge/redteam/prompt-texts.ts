import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { expandTemplate } from '../../conversation/template.js';

/**
 * The agent's own prompt texts as the engine sends them: the global prompt, every node instruction written as a
 * prompt (a `static` one is meant to be spoken, so saying it is no leak), and the tool descriptions, with
 * {%snippets%} expanded and {{variables}} filled from the graph's defaults and the test's variables. `spoken`: the
 * static lines and the snippets too (everything the agent may say as its own, e.g. a published front-desk number).
 */
export function agentPromptTexts(
  graph: AgentGraph,
  variables: Record<string, unknown> = {},
  o: { spoken?: boolean } = {},
): string[] {
  const values = { ...graph.default_variables, ...variables };
  const vars = { get: (path: string) => values[path] };
  const raw = [
    graph.global_prompt,
    ...graph.nodes.flatMap((n) =>
      'instruction' in n && n.instruction && (o.spoken || n.instruction.mode === 'prompt') ? [n.instruction.text] : [],
    ),
    ...graph.tools.map((t) => t.description ?? ''),
    ...(o.spoken ? [graph.begin_message ?? '', ...Object.values(graph.snippets)] : []),
  ];
  return raw
    .filter((t) => t.trim())
    .map((t) => {
      try {
        return expandTemplate(t, graph.snippets, vars);
      } catch {
        return t; // a snippet too large to expand: its words as written
      }
    });
}
