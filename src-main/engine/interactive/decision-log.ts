import type { PlaygroundMove, PlaygroundVariable } from '../../../src-shared/contract/playground.js';
import type {
  AgentGraph,
  Condition,
  GlobalCondition,
  GraphNode,
  NodeVisit,
} from '../../../src-shared/schemas/index.js';

/**
 * The readable side of a step: what each move between nodes was (which edge, which kind, why) and
 * which variables changed. Pure functions over the graph and the engine's own records (visits,
 * variable snapshots): the engine decides, this only describes.
 */

const NO_RIGHT = new Set(['exists', 'not_exists']);

/** A condition as one line: the prompt text, or `a == b and c exists`. */
export function conditionText(c: Condition | GlobalCondition): string | undefined {
  if (c.kind === 'prompt') return c.prompt.trim() || undefined;
  if (c.kind !== 'equation') return undefined;
  const parts = c.equations.map((e) =>
    NO_RIGHT.has(e.operator) ? `${e.left} ${e.operator}` : `${e.left} ${e.operator} ${e.right ?? '""'}`,
  );
  return parts.join(c.match === 'any' ? ' or ' : ' and ') || undefined;
}

const REASON_TEXT: Record<string, string> = {
  equation: 'the equation holds',
  else: 'no other condition held (else)',
  always: 'always taken',
  skip: 'skip: the node does not wait for a reply',
  global: 'the global node’s entry condition holds',
  go_back: 'the go-back condition holds',
  entry: 'the conversation starts here',
  start: 'chosen as the start node',
};

/** Describes how the conversation got to `visit.node` from `from` (null for the first node). */
export function describeMove(graph: AgentGraph, from: string | null, visit: NodeVisit): PlaygroundMove {
  const base = { from, to: visit.node, ...(visit.via ? { via: visit.via } : {}) };
  const plain = (kind: PlaygroundMove['kind'], cond?: Condition | GlobalCondition): PlaygroundMove => {
    const condition = cond ? conditionText(cond) : undefined;
    return { ...base, kind, ...(condition ? { condition } : {}), reason: REASON_TEXT[visit.reason] ?? visit.reason };
  };
  if (!visit.via) return plain(visit.reason === 'start' ? 'start' : visit.reason === 'entry' ? 'entry' : 'jump');
  const source: GraphNode | undefined = from ? graph.nodes.find((n) => n.id === from) : undefined;
  const edge = source?.transitions.find((t) => t.id === visit.via);
  if (edge) return plain(edge.condition.kind, edge.condition);
  const target = graph.nodes.find((n) => n.id === visit.node);
  const entry = target?.global?.entry_conditions.find((c) => c.id === visit.via);
  if (entry) return plain('global', entry.condition);
  const back = source?.global?.go_back_conditions.find((c) => c.id === visit.via);
  if (back) return plain('go_back', back.condition);
  return plain('jump');
}

/** Moves for the visits a step added; `before` is the node the conversation was on when the step began. */
export function describeMoves(
  graph: AgentGraph,
  before: string | null,
  visits: readonly NodeVisit[],
): PlaygroundMove[] {
  let from = before;
  return visits.map((v) => {
    const m = describeMove(graph, from, v);
    from = v.node;
    return m;
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Which node of the step set a variable, and how (extract node, function node / tool, keypad). */
function sourceOf(
  graph: AgentGraph,
  name: string,
  nodesThisStep: readonly string[],
): Pick<PlaygroundVariable, 'source' | 'node'> {
  const root = name.split(/[.[]/)[0];
  for (const id of [...nodesThisStep].reverse()) {
    const n = graph.nodes.find((x) => x.id === id);
    if (!n) continue;
    if (n.type === 'extract' && n.variables.some((v) => v.name === name)) return { source: 'extracted', node: n.id };
    if (
      n.type === 'function' &&
      (n.output_variables.some((o) => o.variable === name || o.variable.split(/[.[]/)[0] === root) ||
        n.actions.some((a) => a.path.split(/[.[]/)[0] === root) ||
        name === 'tool_error')
    )
      return { source: 'tool', node: n.id };
    if (n.type === 'press_digit' && (n.variable || 'digit') === name) return { source: 'keypad', node: n.id };
  }
  if (name === 'params' || name === 'tool_error') return { source: 'tool' };
  return { source: 'set' };
}

/** `params` holds the last tool call's arguments: the tool entry of the log shows them already. */
const SHOWN_WITH_TOOLS = new Set(['params']);

/** Variables (top-level keys) that changed between two snapshots, with where they came from. */
export function variableChanges(
  graph: AgentGraph,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  nodesThisStep: readonly string[],
): PlaygroundVariable[] {
  const out: PlaygroundVariable[] = [];
  for (const [name, value] of Object.entries(after)) {
    if (SHOWN_WITH_TOOLS.has(name) || (name in before && same(before[name], value))) continue;
    out.push({
      name,
      value,
      ...(name in before ? { previous: before[name] } : {}),
      ...sourceOf(graph, name, nodesThisStep),
    });
  }
  for (const name of Object.keys(before)) {
    if (!(name in after) && !SHOWN_WITH_TOOLS.has(name))
      out.push({ name, value: null, previous: before[name], source: 'removed' });
  }
  return out;
}
