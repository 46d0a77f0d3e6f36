/**
 * A fix's edits as data, applied to a copy of a graph (the caller stores the result as a new agent
 * version after the graph check passed). Each edit addresses one text: the global prompt, a node's
 * instruction, a transition's prompt condition, a snippet, or a new transition with its condition.
 * `original` is always read from the graph the edits apply to, never taken from the edit.
 */
import type { AgentGraph, FixEdit, GraphNode, Transition } from '../../src-shared/schemas/index.js';
import { nodeText } from './graph-text.js';
import { editKey, editLabel } from '../../src-shared/text/fix-edit.js';

export { editKey, editLabel };

export interface EditProblem {
  /** `edits[1].node_id` */
  path: string;
  message: string;
}

const q = JSON.stringify;

type Located = { original: string; node?: GraphNode; transition?: Transition } | { problem: EditProblem };

function locate(g: AgentGraph, e: FixEdit, at: string): Located {
  const node = e.node_id !== undefined ? g.nodes.find((n) => n.id === e.node_id) : undefined;
  const needNode = (): EditProblem | undefined =>
    !e.node_id
      ? { path: `${at}.node_id`, message: `a ${e.kind} edit names its node; expected node_id` }
      : !node
        ? { path: `${at}.node_id`, message: `no node ${q(e.node_id)} in the agent` }
        : undefined;
  switch (e.kind) {
    case 'agent_prompt':
      return { original: g.global_prompt };
    case 'snippet':
      if (!e.snippet) return { problem: { path: `${at}.snippet`, message: 'a snippet edit names the snippet' } };
      if (!Object.prototype.hasOwnProperty.call(g.snippets, e.snippet))
        return { problem: { path: `${at}.snippet`, message: `no snippet ${q(e.snippet)} in the agent` } };
      return { original: g.snippets[e.snippet] };
    case 'node_instruction': {
      const missing = needNode();
      if (missing) return { problem: missing };
      const text = nodeText(node!);
      if (text === undefined && node!.type !== 'extract')
        return {
          problem: {
            path: `${at}.node_id`,
            message: `node ${q(node!.id)} is a ${node!.type} node: it has no instruction to edit`,
          },
        };
      return { original: text ?? '', node };
    }
    case 'transition_condition': {
      const missing = needNode();
      if (missing) return { problem: missing };
      const t = node!.transitions.find((x) => x.id === e.transition_id);
      if (!t)
        return {
          problem: {
            path: `${at}.transition_id`,
            message: `node ${q(node!.id)} has no transition ${q(e.transition_id ?? '')}`,
          },
        };
      if (t.condition.kind !== 'prompt')
        return {
          problem: {
            path: `${at}.transition_id`,
            message: `transition ${q(t.id)} of node ${q(node!.id)} has a${t.condition.kind === 'else' || t.condition.kind === 'always' || t.condition.kind === 'equation' ? 'n' : ''} ${t.condition.kind} condition; only prompt conditions are text a fix can edit`,
          },
        };
      return { original: t.condition.prompt, node, transition: t };
    }
    case 'new_transition': {
      const missing = needNode();
      if (missing) return { problem: missing };
      if (!e.target || !g.nodes.some((n) => n.id === e.target))
        return {
          problem: {
            path: `${at}.target`,
            message: e.target ? `no node ${q(e.target)} in the agent to lead to` : 'a new transition names its target',
          },
        };
      return { original: '', node };
    }
  }
}

/** The kind and the fields that address its text (others an edit carries are left out). */
function addressOf(e: FixEdit): Pick<FixEdit, 'kind' | 'node_id' | 'transition_id' | 'target' | 'snippet'> {
  switch (e.kind) {
    case 'agent_prompt':
      return { kind: e.kind };
    case 'node_instruction':
      return { kind: e.kind, node_id: e.node_id };
    case 'transition_condition':
      return { kind: e.kind, node_id: e.node_id, transition_id: e.transition_id };
    case 'new_transition':
      return { kind: e.kind, node_id: e.node_id, target: e.target };
    case 'snippet':
      return { kind: e.kind, snippet: e.snippet };
  }
}

/** The edits with `original` read from `g`, and the problems of those that do not fit it. */
export function resolveEdits(g: AgentGraph, edits: FixEdit[]): { edits: FixEdit[]; problems: EditProblem[] } {
  const problems: EditProblem[] = [];
  const out: FixEdit[] = [];
  const seen = new Map<string, number>();
  edits.forEach((e, i) => {
    const at = `edits[${i}]`;
    const where = locate(g, e, at);
    if ('problem' in where) return void problems.push(where.problem);
    if (!e.proposed.trim() && e.kind !== 'agent_prompt' && e.kind !== 'snippet')
      return void problems.push({ path: `${at}.proposed`, message: 'the proposed text is empty' });
    const key = editKey(e);
    if (seen.has(key) && e.kind !== 'new_transition')
      return void problems.push({
        path: at,
        message: `edit ${(seen.get(key) ?? 0) + 1} already changes ${editLabel(e)}; expected one edit per text`,
      });
    seen.set(key, i);
    out.push({ ...addressOf(e), original: where.original, proposed: e.proposed, rationale: e.rationale });
  });
  return { edits: out, problems };
}

/** An id for a new transition of `node` that no transition of it has yet: fix-1, fix-2… */
function newTransitionId(node: GraphNode): string {
  const taken = new Set(node.transitions.map((t) => t.id));
  let i = 1;
  while (taken.has(`fix-${i}`)) i++;
  return `fix-${i}`;
}

function newTransition(node: GraphNode, target: string, prompt: string): Transition {
  const orders = node.transitions.map((t) => t.order).filter((o): o is number => typeof o === 'number');
  return {
    id: newTransitionId(node),
    target,
    condition: { kind: 'prompt', prompt },
    ...(orders.length ? { order: Math.max(...orders) + 1 } : {}),
  };
}

function withNodeText(n: GraphNode, text: string): GraphNode {
  switch (n.type) {
    case 'conversation':
    case 'press_digit':
      return { ...n, instruction: { ...n.instruction, text } };
    case 'extract':
      return { ...n, instruction: { mode: n.instruction?.mode ?? 'prompt', text } };
    case 'end':
    case 'transfer':
      return { ...n, message: { mode: n.message?.mode ?? 'static', text } };
    default:
      return n;
  }
}

/**
 * A copy of `g` with the edits applied. Edits that do not fit the graph are problems and change
 * nothing (the caller refuses the whole set when there is any). `g` itself is never changed.
 */
export function applyEdits(
  g: AgentGraph,
  edits: FixEdit[],
): { graph: AgentGraph; edits: FixEdit[]; problems: EditProblem[] } {
  const resolved = resolveEdits(g, edits);
  const graph: AgentGraph = structuredClone(g);
  for (const e of resolved.edits) {
    const i = graph.nodes.findIndex((n) => n.id === e.node_id);
    switch (e.kind) {
      case 'agent_prompt':
        graph.global_prompt = e.proposed;
        break;
      case 'snippet':
        graph.snippets = { ...graph.snippets, [e.snippet!]: e.proposed };
        break;
      case 'node_instruction':
        graph.nodes[i] = withNodeText(graph.nodes[i], e.proposed);
        break;
      case 'transition_condition':
        graph.nodes[i] = {
          ...graph.nodes[i],
          transitions: graph.nodes[i].transitions.map((t) =>
            t.id === e.transition_id ? { ...t, condition: { kind: 'prompt', prompt: e.proposed } } : t,
          ),
        };
        break;
      case 'new_transition': {
        const node = graph.nodes[i];
        graph.nodes[i] = { ...node, transitions: [...node.transitions, newTransition(node, e.target!, e.proposed)] };
        break;
      }
    }
  }
  return { graph, edits: resolved.edits, problems: resolved.problems };
}
