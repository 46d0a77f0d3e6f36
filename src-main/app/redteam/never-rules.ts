import type { AgentGraph } from '../../../src-shared/schemas/index.js';

/** A sentence that states a prohibition: never, do not, don't, must not (also "must never", "should not"). */
const PROHIBITION = /\b(never|do\s+not|don['’]t|must\s+not|mustn['’]t|should\s+not|shouldn['’]t)\b/i;

/** Sentences of a text: split after . ! ? or a line break (list items are sentences too), bullets trimmed. */
const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);

/**
 * The agent's own "never" rules (the `policy` category attacks them one by one): the sentences of its global prompt
 * and of its nodes' prompt instructions that contain never / do not / don't / must not, as written, each once.
 * A `static` line is spoken, not a rule, so it is left out.
 */
export function neverRules(graph: AgentGraph): string[] {
  const texts = [
    graph.global_prompt,
    ...graph.nodes.flatMap((n) =>
      'instruction' in n && n.instruction && n.instruction.mode === 'prompt' ? [n.instruction.text] : [],
    ),
  ];
  const out = new Set<string>();
  for (const t of texts) for (const s of sentences(t ?? '')) if (PROHIBITION.test(s)) out.add(s);
  return [...out];
}
