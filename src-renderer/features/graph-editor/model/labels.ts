import type { Condition, Equation, GraphNode, GlobalCondition } from '../../../../src-shared/schemas/index.js';
import { primaryUtterance } from './graph-ops.js';

export function truncate(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** First non-empty line of a text, truncated. */
export function firstLine(text: string | undefined, max = 80): string {
  const line =
    (text ?? '')
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l) ?? '';
  return truncate(line, max);
}

const NO_RIGHT = new Set(['exists', 'not_exists']);

/** `account_type == premium`, `user.tier exists`. */
export function equationText(e: Equation): string {
  const left = e.left || '?';
  if (NO_RIGHT.has(e.operator)) return `${left} ${e.operator}`;
  return `${left} ${e.operator} ${e.right === undefined || e.right === '' ? '""' : e.right}`;
}

/** One-line label of a transition condition, as drawn on the edge. */
export function conditionLabel(c: Condition | GlobalCondition, max = 48): string {
  switch (c.kind) {
    case 'prompt':
      return c.prompt.trim() ? truncate(c.prompt, max) : '(condition not written yet)';
    case 'equation': {
      if (!c.equations.length) return '(no equation yet)';
      return truncate(c.equations.map(equationText).join(c.match === 'any' ? ' or ' : ' and '), max);
    }
    case 'else':
      return 'else';
    case 'always':
      return 'always';
    case 'skip':
      return 'skip (no reply)';
  }
}

/** The preview line on a node card. */
export function nodePreview(n: GraphNode): string {
  switch (n.type) {
    case 'logic':
      return 'Routes by equations only';
    case 'function':
      return `Calls ${n.tool}${n.speak_during_execution?.text ? ` — ${firstLine(n.speak_during_execution.text, 50)}` : ''}`;
    case 'transfer':
      return n.target ? `Transfer to ${n.target}` : 'Transfer target not set';
    case 'extract': {
      const names = n.variables.map((v) => v.name).join(', ');
      return names ? `Extracts ${truncate(names, 60)}` : 'No variables to extract yet';
    }
    default: {
      const u = primaryUtterance(n);
      if (!u?.text.trim()) return n.type === 'end' ? 'Ends the call' : 'No prompt yet';
      return `${u.mode === 'static' ? '“' : ''}${firstLine(u.text)}${u.mode === 'static' ? '”' : ''}`;
    }
  }
}

export const waysOut = (n: GraphNode): number => n.transitions.length;

export const displayName = (n: Pick<GraphNode, 'id' | 'name'>) => n.name?.trim() || n.id;

/**
 * A message in the canvas's words: every quoted node id ("conversation_1") becomes the node's name as the
 * canvas shows it (“Conversation 1”); ids of nodes without a name, and other quoted text, stay as they are.
 * The checks (validation, lint) quote ids; the app shows names, with the ids in a tooltip.
 */
export function inNodeNames(message: string, nodes: readonly Pick<GraphNode, 'id' | 'name'>[]): string {
  const names = new Map(nodes.filter((n) => n.name && n.name !== n.id).map((n) => [n.id, n.name]));
  if (!names.size) return message;
  return message.replace(/"((?:[^"\\]|\\.)*)"/g, (quoted, id: string) =>
    names.has(id) ? `“${names.get(id)}”` : quoted,
  );
}

/** The ids a message quotes that are node ids, for its tooltip ("ids: conversation_1, greeting"). */
export function quotedNodeIds(message: string, nodes: readonly Pick<GraphNode, 'id'>[]): string[] {
  const ids = new Set(nodes.map((n) => n.id));
  return [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).filter((id) => ids.has(id));
}

/** A node as the canvas names it (its id when it has no name, or is not in the graph). */
export function nodeLabel(id: string, nodes: readonly Pick<GraphNode, 'id' | 'name'>[]): string {
  return nodes.find((n) => n.id === id)?.name || id;
}

/** The tooltip of an issue shown in names: the ids it is about (node, way out, and those its message quotes). */
export function idsTip(
  issue: { message: string; node_id?: string; transition_id?: string; path?: string },
  nodes: readonly Pick<GraphNode, 'id'>[],
): string {
  const ids = [...new Set([...(issue.node_id ? [issue.node_id] : []), ...quotedNodeIds(issue.message, nodes)])];
  const parts = [
    ids.length ? `node id${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}` : '',
    issue.transition_id ? `way out: ${issue.transition_id}` : '',
    issue.path ? `at ${issue.path}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
