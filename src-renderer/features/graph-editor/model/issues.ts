import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import type { ApiError } from '../../../../src-shared/contract/define.js';
import { edgeKey } from './edge-key.js';

export interface IssueCount {
  errors: number;
  warnings: number;
  /** Messages, errors first. */
  messages: string[];
  /** Messages with their severity, errors first. */
  items: { severity: 'error' | 'warning'; message: string }[];
}
export interface IssueIndex {
  byNode: Map<string, IssueCount>;
  /** Keyed by edgeKey(source, transition id). */
  byEdge: Map<string, IssueCount>;
  errors: number;
  warnings: number;
}

/** Node and transition a JSON path inside an AgentGraph points at (`nodes[3].transitions[1].target`). */
export function locatePath(g: AgentGraph, path: string): { node_id?: string; transition_id?: string } {
  const p = path.replace(/^graph\./, '');
  const m = /^nodes\[(\d+)\](?:\.transitions\[(\d+)\])?/.exec(p);
  if (!m) return {};
  const node = g.nodes[Number(m[1])];
  if (!node) return {};
  const t = m[2] !== undefined ? node.transitions[Number(m[2])] : undefined;
  return { node_id: node.id, ...(t ? { transition_id: t.id } : {}) };
}

/** Gives every issue a node/transition when its path names one and it does not carry them already. */
export function withLocations(g: AgentGraph, issues: ValidationIssue[]): ValidationIssue[] {
  return issues.map((i) => (i.node_id ? i : { ...i, ...locatePath(g, i.path) }));
}

function friendly(message: string): string {
  if (/>=\s*1 characters?/.test(message)) return 'must not be empty';
  return message;
}

/**
 * A graph the API refused before validating (it breaks the schema: an empty equation variable, a
 * function node without a tool…) becomes ordinary error issues so the editor can show them in place.
 */
export function issuesFromApiError(g: AgentGraph, err: ApiError): ValidationIssue[] {
  const raw = err.issues?.length ? err.issues : [{ path: err.path ?? '', message: err.message }];
  return raw.map((i) => {
    const path = i.path.replace(/^graph\.?/, '');
    return { severity: 'error' as const, path, message: friendly(i.message), ...locatePath(g, path) };
  });
}

export function indexIssues(g: Pick<AgentGraph, 'nodes'>, issues: ValidationIssue[]): IssueIndex {
  const byNode = new Map<string, IssueCount>();
  const byEdge = new Map<string, IssueCount>();
  const bump = (map: Map<string, IssueCount>, key: string, i: ValidationIssue) => {
    const c = map.get(key) ?? { errors: 0, warnings: 0, messages: [], items: [] };
    const item = { severity: i.severity, message: i.message };
    if (i.severity === 'error') {
      c.items.splice(c.errors, 0, item);
      c.errors++;
    } else {
      c.items.push(item);
      c.warnings++;
    }
    c.messages = c.items.map((x) => x.message);
    map.set(key, c);
  };
  let errors = 0;
  let warnings = 0;
  for (const i of issues) {
    if (i.severity === 'error') errors++;
    else warnings++;
    let nodeId = i.node_id;
    if (i.transition_id && !nodeId)
      nodeId = g.nodes.find((n) => n.transitions.some((t) => t.id === i.transition_id))?.id;
    if (nodeId) bump(byNode, nodeId, i);
    if (nodeId && i.transition_id) bump(byEdge, edgeKey(nodeId, i.transition_id), i);
  }
  return { byNode, byEdge, errors, warnings };
}
