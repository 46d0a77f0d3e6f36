import type { AgentGraph } from '../../../src-shared/schemas/index.js';

/**
 * What an agent's graph offers to the persona and suite forms: the variable names it uses
 * (default variables, `{{...}}` placeholders, extracted variables), its nodes and its tools.
 */

const VAR_RE = /\{\{\s*([^{}]+?)\s*\}\}/g;

export interface VariableSuggestion {
  name: string;
  /** Where the agent uses it, for a tooltip. */
  source: 'default variable' | 'used in a prompt' | 'extracted by the agent';
}

function collectPlaceholders(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 40) return;
  if (typeof value === 'string') {
    for (const m of value.matchAll(VAR_RE)) into.add(m[1].trim());
  } else if (Array.isArray(value)) {
    for (const v of value) collectPlaceholders(v, into, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      if (k !== 'source_meta' && k !== 'source') collectPlaceholders(v, into, depth + 1);
  }
}

/** Variable names in the order a user would want them: extracted, defaults, placeholders (minus tool outputs). Deduplicated. */
export function graphVariables(graph: AgentGraph | undefined): VariableSuggestion[] {
  if (!graph) return [];
  const out: VariableSuggestion[] = [];
  const seen = new Set<string>();
  const add = (name: string, source: VariableSuggestion['source']) => {
    const n = name.trim();
    if (!n || seen.has(n)) return;
    seen.add(n);
    out.push({ name: n, source });
  };
  // What the agent asks the caller for comes first; values tools write are not caller facts.
  const fromTools = new Set<string>();
  for (const n of graph.nodes) {
    if (n.type !== 'function') continue;
    for (const o of n.output_variables) fromTools.add(o.variable);
    for (const a of n.actions) fromTools.add(a.path.replace(/\[\+\]$/, ''));
  }
  for (const n of graph.nodes)
    if (n.type === 'extract') for (const v of n.variables) add(v.name, 'extracted by the agent');
  for (const k of Object.keys(graph.default_variables ?? {})) add(k, 'default variable');
  const placeholders = new Set<string>();
  collectPlaceholders(
    { global_prompt: graph.global_prompt, snippets: graph.snippets, nodes: graph.nodes },
    placeholders,
  );
  for (const p of placeholders) if (!fromTools.has(p)) add(p, 'used in a prompt');
  return out;
}

export interface NodeOption {
  id: string;
  label: string;
  type: string;
}

export function graphNodes(graph: AgentGraph | undefined): NodeOption[] {
  return (graph?.nodes ?? []).map((n) => ({
    id: n.id,
    type: n.type,
    label: n.name && n.name !== n.id ? `${n.name} (${n.id})` : n.id,
  }));
}

export interface ToolOption {
  name: string;
  description: string;
  kind: string;
  parameters?: Record<string, unknown>;
}

/** Tools the agent can call; custom tools (the ones that need mocks) first. */
export function graphTools(graph: AgentGraph | undefined): ToolOption[] {
  const tools = (graph?.tools ?? []).map((t) => ({
    name: t.name,
    description: t.description,
    kind: t.kind,
    parameters: t.parameters,
  }));
  const fnTools = new Set((graph?.nodes ?? []).flatMap((n) => (n.type === 'function' ? [n.tool] : [])));
  for (const name of fnTools)
    if (!tools.some((t) => t.name === name))
      tools.push({ name, description: '', kind: 'custom', parameters: undefined });
  return tools.sort((a, b) => Number(b.kind === 'custom') - Number(a.kind === 'custom'));
}
