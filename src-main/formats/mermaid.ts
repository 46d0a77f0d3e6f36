import type { AgentGraph, Condition, GraphNode } from '../../src-shared/schemas/index.js';
import type { AgentExporter, ExportContext } from './types.js';
import { formatEquationExpression } from './shared/equations.js';

/**
 * Mermaid flowchart of a graph, for docs and review (export only). Shapes say the node type; edge
 * labels say the condition; global nodes hang off a dotted "any node" marker.
 */
export function renderMermaid(g: AgentGraph, ctx: ExportContext): string {
  const ids = new Map(g.nodes.map((n, i) => [n.id, `n${i}`] as const));
  const lines = ['flowchart TD'];
  const start = 'start';
  lines.push(`  ${start}((start))`);
  g.nodes.forEach((n) => lines.push(`  ${ids.get(n.id)}${shape(n)}`));
  const entry = ids.get(g.entry_node_id);
  if (entry) lines.push(`  ${start} --> ${entry}`);
  g.nodes.forEach((n) => {
    for (const t of n.transitions) {
      const to = ids.get(t.target);
      if (!to) continue;
      const label = edgeLabel(t.condition);
      lines.push(`  ${ids.get(n.id)} -->${label ? `|${esc(label)}|` : ''} ${to}`);
    }
  });
  const globals = g.nodes.filter((n) => n.global);
  if (globals.length) {
    lines.push('  any{{any node}}');
    for (const n of globals) {
      const label = n.global!.entry_conditions.map((c) => edgeLabel(c.condition)).join(' / ');
      lines.push(`  any -.->${label ? `|${esc(label)}|` : ''} ${ids.get(n.id)}`);
    }
  }
  lines.push('  classDef global stroke-dasharray: 5 5');
  globals.forEach((n) => lines.push(`  class ${ids.get(n.id)} global`));
  ctx.drop(
    '',
    'everything but the node and edge structure (full prompts, tools, variables, settings)',
    'Mermaid is a picture for review; export to Parley JSON to keep the agent',
  );
  return `${lines.join('\n')}\n`;
}

function shape(n: GraphNode): string {
  const label = esc(`${n.name ?? n.id}${n.name && n.name !== n.id ? ` (${n.id})` : ''}\n${n.type}`);
  switch (n.type) {
    case 'logic':
      return `{"${label}"}`;
    case 'extract':
      return `[/"${label}"/]`;
    case 'function':
      return `[["${label}"]]`;
    case 'end':
      return `(["${label}"])`;
    case 'transfer':
      return `[\\"${label}"\\]`;
    case 'press_digit':
      return `[("${label}")]`;
    default:
      return `["${label}"]`;
  }
}

function edgeLabel(c: Condition): string {
  switch (c.kind) {
    case 'prompt':
      return truncate(c.prompt);
    case 'equation':
      return truncate(formatEquationExpression(c.equations, c.match));
    default:
      return c.kind;
  }
}

function truncate(s: string, max = 60): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** Mermaid labels: quotes and pipes become HTML entities; newlines become <br>. */
function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\|/g, '&#124;')
    .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
    .replace(/\n/g, '<br>');
}

export const mermaidExporter: AgentExporter = {
  id: 'mermaid',
  nativeFormats: [],
  keepsSnippets: true,
  render: renderMermaid,
  toText: (value) => String(value),
};
