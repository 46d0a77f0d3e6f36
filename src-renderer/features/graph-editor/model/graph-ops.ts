import type {
  AgentGraph,
  Condition,
  GraphNode,
  NodeOf,
  NodeType,
  Position,
  Transition,
  Utterance,
} from '../../../../src-shared/schemas/index.js';
import { parseEdgeKey } from './edge-key.js';
import { NODE_H, NODE_W } from './node-size.js';

/** Pure, immutable edits of an AgentGraph. Every function returns a new graph and leaves its input untouched. */

export const NODE_TYPE_LABELS: Record<NodeType, string> = {
  conversation: 'Conversation',
  logic: 'Logic split',
  extract: 'Extract variables',
  function: 'Function',
  transfer: 'Transfer call',
  end: 'End call',
  press_digit: 'Press digit',
};

/** `base` if free, else `base_2`, `base_3`… */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

const allTransitionIds = (g: AgentGraph) => new Set(g.nodes.flatMap((n) => n.transitions.map((t) => t.id)));
const allConditionIds = (g: AgentGraph) =>
  new Set(
    g.nodes.flatMap((n) => [
      ...n.transitions.map((t) => t.id),
      ...(n.global?.entry_conditions.map((c) => c.id) ?? []),
      ...(n.global?.go_back_conditions.map((c) => c.id) ?? []),
    ]),
  );

export function emptyGraph(name: string): AgentGraph {
  return {
    schema_version: 1,
    name,
    entry_node_id: 'start',
    first_speaker: 'agent',
    global_prompt: '',
    snippets: {},
    tools: [],
    default_variables: {},
    metrics: [],
    source: { format: 'parley', meta: {} },
    nodes: [
      {
        id: 'start',
        name: 'Start',
        type: 'conversation',
        position: { x: 0, y: 0 },
        transitions: [],
        instruction: { mode: 'prompt', text: 'Greet the caller and ask how you can help.' },
      },
    ],
  };
}

/** The text a node is instructed with or speaks, whatever its type. */
export function primaryUtterance(n: GraphNode): Utterance | undefined {
  switch (n.type) {
    case 'conversation':
    case 'press_digit':
    case 'extract':
      return n.instruction;
    case 'transfer':
    case 'end':
      return n.message;
    case 'function':
      return n.speak_during_execution;
    default:
      return undefined;
  }
}

/** A fresh node of a type, carrying over id, name, position, global setting, transitions and the main text. */
export function makeNode(
  type: NodeType,
  base: Pick<GraphNode, 'id'> & Partial<GraphNode>,
  tools: string[] = [],
): GraphNode {
  const common = {
    id: base.id,
    transitions: base.transitions ?? [],
    ...(base.name !== undefined ? { name: base.name } : {}),
    ...(base.position ? { position: base.position } : {}),
    ...(base.global ? { global: base.global } : {}),
    ...(base.source_meta ? { source_meta: base.source_meta } : {}),
  };
  const text = base.type ? primaryUtterance(base as GraphNode) : undefined;
  switch (type) {
    case 'conversation':
      return { ...common, type, instruction: text ?? { mode: 'prompt', text: '' } };
    case 'press_digit':
      return { ...common, type, instruction: text ?? { mode: 'prompt', text: '' } };
    case 'logic':
      return { ...common, type };
    case 'extract':
      return {
        ...common,
        type,
        variables: base.type === 'extract' ? (base as NodeOf<'extract'>).variables : [],
        ...(text ? { instruction: text } : {}),
      };
    case 'function':
      return {
        ...common,
        type,
        tool: tools[0] ?? 'my_function',
        output_variables: [],
        actions: [],
        ...(text ? { speak_during_execution: text } : {}),
      };
    case 'transfer':
      return { ...common, type, target: '', ...(text ? { message: text } : {}) };
    case 'end':
      return { ...common, type, ...(text ? { message: text } : {}) };
  }
}

export function changeNodeType(g: AgentGraph, id: string, type: NodeType): AgentGraph {
  return updateNode(g, id, (n) =>
    n.type === type
      ? n
      : makeNode(
          type,
          n,
          g.tools.map((t) => t.name),
        ),
  );
}

/** Room kept between a new node and the nodes around it. */
const GAP = 24;

/**
 * The free spot nearest to `wanted` for a new node (a card of NODE_W x NODE_H): `wanted` itself when
 * nothing is there, else the closest point on rings around it (40 px apart) where the card overlaps no
 * positioned node, gap included. Pure: a new palette node never lands on top of an existing one.
 */
export function freeSpot(g: Pick<AgentGraph, 'nodes'>, wanted: Position): Position {
  const boxes = g.nodes.flatMap((n) => (n.position ? [n.position] : []));
  const free = (p: Position) =>
    boxes.every(
      (b) =>
        p.x + NODE_W + GAP <= b.x ||
        b.x + NODE_W + GAP <= p.x ||
        p.y + NODE_H + GAP <= b.y ||
        b.y + NODE_H + GAP <= p.y,
    );
  if (free(wanted)) return wanted;
  const STEP = 40;
  for (let ring = 1; ring <= 60; ring++) {
    const candidates: Position[] = [];
    for (let k = -ring; k <= ring; k++)
      candidates.push(
        { x: wanted.x + k * STEP, y: wanted.y - ring * STEP },
        { x: wanted.x + k * STEP, y: wanted.y + ring * STEP },
        { x: wanted.x - ring * STEP, y: wanted.y + k * STEP },
        { x: wanted.x + ring * STEP, y: wanted.y + k * STEP },
      );
    const dist = (p: Position) => (p.x - wanted.x) ** 2 + (p.y - wanted.y) ** 2;
    const best = candidates.filter(free).sort((a, b) => dist(a) - dist(b))[0];
    if (best) return best;
  }
  return wanted;
}

/** A new node of `type` at the free spot nearest `position` (freeSpot). */
export function addNode(g: AgentGraph, type: NodeType, position: Position): { graph: AgentGraph; id: string } {
  const taken = new Set(g.nodes.map((n) => n.id));
  let i = 1;
  while (taken.has(`${type}_${i}`)) i++;
  const id = `${type}_${i}`;
  const node = makeNode(
    type,
    { id, name: `${NODE_TYPE_LABELS[type]} ${i}`, position: freeSpot(g, position) },
    g.tools.map((t) => t.name),
  );
  return { graph: { ...g, nodes: [...g.nodes, node] }, id };
}

export function updateNode(g: AgentGraph, id: string, fn: (n: GraphNode) => GraphNode): AgentGraph {
  let changed = false;
  const nodes = g.nodes.map((n) => {
    if (n.id !== id) return n;
    const m = fn(n);
    if (m !== n) changed = true;
    return m;
  });
  return changed ? { ...g, nodes } : g;
}

export function updateTransition(
  g: AgentGraph,
  nodeId: string,
  tid: string,
  fn: (t: Transition) => Transition,
): AgentGraph {
  return updateNode(g, nodeId, (n) => ({ ...n, transitions: n.transitions.map((t) => (t.id === tid ? fn(t) : t)) }));
}

export function setEntry(g: AgentGraph, id: string): AgentGraph {
  return g.entry_node_id === id ? g : { ...g, entry_node_id: id };
}

export function moveNodes(g: AgentGraph, positions: Record<string, Position>): AgentGraph {
  let changed = false;
  const nodes = g.nodes.map((n) => {
    const p = positions[n.id];
    if (!p || (n.position && n.position.x === p.x && n.position.y === p.y)) return n;
    changed = true;
    return { ...n, position: { x: Math.round(p.x), y: Math.round(p.y) } };
  });
  return changed ? { ...g, nodes } : g;
}

/** Removes nodes (with every transition that points at them) and edges named by edge keys. The entry id is kept: the validator reports it. */
export function deleteElements(
  g: AgentGraph,
  nodeIds: readonly string[],
  edgeKeys: readonly string[] = [],
): AgentGraph {
  if (!nodeIds.length && !edgeKeys.length) return g;
  const gone = new Set(nodeIds);
  const edges = new Map<string, Set<string>>();
  for (const k of edgeKeys) {
    const { source, transitionId } = parseEdgeKey(k);
    if (!edges.has(source)) edges.set(source, new Set());
    edges.get(source)!.add(transitionId);
  }
  const nodes = g.nodes
    .filter((n) => !gone.has(n.id))
    .map((n) => {
      const drop = edges.get(n.id);
      const transitions = n.transitions.filter((t) => !gone.has(t.target) && !drop?.has(t.id));
      return transitions.length === n.transitions.length ? n : { ...n, transitions };
    });
  return { ...g, nodes };
}

export const isConditionEdge = (t: Transition) => t.condition.kind === 'prompt' || t.condition.kind === 'equation';

/** A node's prompt/equation edges in evaluation order (`order`, then position in the list). */
export function sortedConditionEdges(n: GraphNode): Transition[] {
  return n.transitions
    .map((t, i) => ({ t, rank: t.order ?? 1e6 + i, i }))
    .filter((x) => isConditionEdge(x.t))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.t);
}

/** Moves a condition edge one place earlier (-1) or later (+1) in its node's evaluation order. */
export function moveTransition(g: AgentGraph, nodeId: string, tid: string, delta: -1 | 1): AgentGraph {
  const n = g.nodes.find((x) => x.id === nodeId);
  const i = n ? sortedConditionEdges(n).findIndex((t) => t.id === tid) : -1;
  return i < 0 ? g : moveTransitionTo(g, nodeId, tid, i + delta);
}

/** Puts condition edge `tid` at position `to` of its node's priority order (dragging in the inspector); orders are renumbered. */
export function moveTransitionTo(g: AgentGraph, nodeId: string, tid: string, to: number): AgentGraph {
  return updateNode(g, nodeId, (n) => {
    const seq = sortedConditionEdges(n);
    const i = seq.findIndex((t) => t.id === tid);
    if (i < 0 || to < 0 || to >= seq.length || to === i) return n;
    const [moved] = seq.splice(i, 1);
    seq.splice(to, 0, moved!);
    const orders = seq.map((t) => t.order);
    const allSet = orders.every((o) => o !== undefined);
    const anySet = orders.some((o) => o !== undefined);
    const pool = allSet ? (orders as number[]).slice().sort((a, b) => a - b) : seq.map((_, k) => k + 1);
    const renumbered = seq.map((t, k) => (anySet ? { ...t, order: pool[k]! } : t));
    let k = 0;
    const transitions = n.transitions.map((t) => (isConditionEdge(t) ? renumbered[k++]! : t));
    return { ...n, transitions };
  });
}

/** The condition a new edge starts with: an empty prompt (logic nodes: an empty equation) — the validator asks to fill it. */
export function defaultCondition(source: GraphNode): Condition {
  return source.type === 'logic' ? { kind: 'equation', match: 'all', equations: [] } : { kind: 'prompt', prompt: '' };
}

/** Adds a transition source -> target with a fresh id. */
export function connect(
  g: AgentGraph,
  source: string,
  target: string,
): { graph: AgentGraph; transitionId: string | null } {
  const from = g.nodes.find((n) => n.id === source);
  if (!from || !g.nodes.some((n) => n.id === target)) return { graph: g, transitionId: null };
  const transitionId = uniqueId(`edge-${source}-to-${target}`, allConditionIds(g));
  const orders = from.transitions
    .filter(isConditionEdge)
    .map((t) => t.order)
    .filter((o): o is number => o !== undefined);
  const t: Transition = {
    id: transitionId,
    target,
    condition: defaultCondition(from),
    ...(orders.length ? { order: Math.max(...orders) + 1 } : {}),
  };
  return { graph: updateNode(g, source, (n) => ({ ...n, transitions: [...n.transitions, t] })), transitionId };
}

/** Copies of nodes with fresh ids, offset on the canvas; edges between copied nodes point at the copies. */
export function duplicateNodes(g: AgentGraph, ids: readonly string[]): { graph: AgentGraph; ids: string[] } {
  const taken = new Set(g.nodes.map((n) => n.id));
  const idMap = new Map<string, string>();
  for (const id of ids) {
    if (!taken.has(id) || idMap.has(id)) continue;
    const nid = uniqueId(`${id}_copy`, taken);
    taken.add(nid);
    idMap.set(id, nid);
  }
  const condIds = allConditionIds(g);
  const fresh = (base: string) => {
    const id = uniqueId(base, condIds);
    condIds.add(id);
    return id;
  };
  const copies: GraphNode[] = [];
  for (const n of g.nodes) {
    const nid = idMap.get(n.id);
    if (!nid) continue;
    const copy = structuredClone(n) as GraphNode;
    copy.id = nid;
    copy.name = `${n.name ?? n.id} (copy)`;
    copy.position = { x: (n.position?.x ?? 0) + 40, y: (n.position?.y ?? 0) + 60 };
    copy.transitions = copy.transitions.map((t) => {
      const target = idMap.get(t.target) ?? t.target;
      return { ...t, id: fresh(`edge-${nid}-to-${target}`), target };
    });
    if (copy.global) {
      copy.global = {
        entry_conditions: copy.global.entry_conditions.map((c) => ({ ...c, id: fresh(`${nid}-entry`) })),
        go_back_conditions: copy.global.go_back_conditions.map((c) => ({ ...c, id: fresh(`${nid}-go-back`) })),
      };
    }
    copies.push(copy);
  }
  return { graph: { ...g, nodes: [...g.nodes, ...copies] }, ids: [...idMap.values()] };
}

/** Turns a node into a global node (with one empty prompt entry condition) or back into a normal one. */
export function setGlobal(g: AgentGraph, id: string, on: boolean): AgentGraph {
  return updateNode(g, id, (n) => {
    if (on === !!n.global) return n;
    if (!on) {
      const { global: _g, ...rest } = n;
      return rest as GraphNode;
    }
    const cid = uniqueId(`${id}-entry`, allConditionIds(g));
    return {
      ...n,
      global: { entry_conditions: [{ id: cid, condition: { kind: 'prompt', prompt: '' } }], go_back_conditions: [] },
    };
  });
}

/** A fresh id for a global entry / go-back condition. */
export const freshConditionId = (g: AgentGraph, base: string) => uniqueId(base, allConditionIds(g));
export const freshTransitionId = (g: AgentGraph, base: string) => uniqueId(base, allTransitionIds(g));

/** The condition a transition gets when its kind is switched in the inspector. */
export function conditionOfKind(kind: Condition['kind'], prev?: Condition): Condition {
  if (prev?.kind === kind) return prev;
  switch (kind) {
    case 'prompt':
      return { kind, prompt: '' };
    case 'equation':
      return { kind, match: 'all', equations: [{ left: '', operator: '==', right: '' }] };
    default:
      return { kind };
  }
}
