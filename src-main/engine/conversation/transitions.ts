import type {
  AgentGraph,
  Condition,
  GlobalCondition,
  GraphNode,
  Transition,
} from '../../../src-shared/schemas/index.js';
import { evaluateEquations } from './equations.js';
import type { GlobalStack } from './global-stack.js';
import type { TemplateVars } from './template.js';

/**
 * Which way out of a node. After a caller turn the priority is (seeds 000/002):
 *   1. global entry conditions of other global nodes, 2. go-back conditions (on a global node),
 *   3. the node's condition edges by `order`, 4. else, 5. always/default (and skip), 6. stay.
 * Equations are evaluated here without an LLM. Every prompt condition that could still win (those
 * ranked before the first matching equation) goes to ONE router call returning an id or none.
 */

export type MoveHow = 'global' | 'go_back' | 'equation' | 'prompt' | 'else' | 'always' | 'skip';

export type Decision =
  | { kind: 'move'; how: MoveHow; via: string; target: string | null; reason: string; global?: boolean }
  | { kind: 'stay'; reason: string };

export interface RouteOption {
  /** Unique key offered to the router (the transition/condition id). */
  key: string;
  /** The condition text (already templated). */
  prompt: string;
}

/** ONE structured call: the key of the condition that holds, or null for none, and a one-line reason. */
export type PromptRouter = (options: RouteOption[]) => Promise<{ key: string | null; reason: string }>;

interface Candidate {
  key: string;
  via: string;
  target: string | null;
  scope: 'global' | 'go_back' | 'edge';
  condition: GlobalCondition | Extract<Condition, { kind: 'prompt' | 'equation' }>;
}

export interface DecideInput {
  graph: AgentGraph;
  node: GraphNode;
  vars: TemplateVars;
  stack: GlobalStack;
  /** true after a caller turn (global entry conditions apply); false when a silent node is entered. */
  includeGlobals: boolean;
  router: PromptRouter;
  /** Templating for prompt condition text. */
  template: (text: string) => string;
}

/** Condition edges sorted by `order` (missing order keeps the array position; stable). */
export function orderedConditionEdges(node: GraphNode): Transition[] {
  return node.transitions
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.condition.kind === 'prompt' || t.condition.kind === 'equation')
    .sort((a, b) => (a.t.order ?? a.i) - (b.t.order ?? b.i) || a.i - b.i)
    .map(({ t }) => t);
}

function candidates(inp: DecideInput): Candidate[] {
  const { graph, node, stack } = inp;
  const out: Candidate[] = [];
  if (inp.includeGlobals) {
    for (const g of graph.nodes) {
      if (!g.global || g.id === node.id || stack.holdsGlobal(g.id)) continue;
      for (const ec of g.global.entry_conditions)
        out.push({ key: ec.id, via: ec.id, target: g.id, scope: 'global', condition: ec.condition });
    }
  }
  if (node.global && stack.size > 0) {
    for (const gb of node.global.go_back_conditions)
      out.push({ key: gb.id, via: gb.id, target: null, scope: 'go_back', condition: gb.condition });
  }
  for (const t of orderedConditionEdges(node)) {
    out.push({
      key: t.id,
      via: t.id,
      target: t.target,
      scope: 'edge',
      condition: t.condition as Candidate['condition'],
    });
  }
  const seen = new Map<string, number>();
  for (const c of out) {
    const n = (seen.get(c.key) ?? 0) + 1;
    seen.set(c.key, n);
    if (n > 1) c.key = `${c.key}#${n}`;
  }
  return out;
}

const howOf = (c: Candidate, byPrompt: boolean): MoveHow =>
  c.scope === 'global'
    ? byPrompt
      ? 'prompt'
      : 'global'
    : c.scope === 'go_back'
      ? byPrompt
        ? 'prompt'
        : 'go_back'
      : byPrompt
        ? 'prompt'
        : 'equation';

function moveFor(c: Candidate, byPrompt: boolean, reason: string): Decision {
  return {
    kind: 'move',
    how: howOf(c, byPrompt),
    via: c.via,
    target: c.target,
    reason,
    ...(c.scope === 'global' ? { global: true } : {}),
  };
}

/** The unconditional way out: else, then always, then skip edges (in that order). */
export function fallbackEdge(
  node: GraphNode,
  kinds: ('else' | 'always' | 'skip')[] = ['else', 'always', 'skip'],
): Decision | undefined {
  for (const kind of kinds) {
    const t = node.transitions.find((x) => x.condition.kind === kind);
    if (t) return { kind: 'move', how: kind, via: t.id, target: t.target, reason: kind };
  }
  return undefined;
}

/** Skip-response nodes leave at once through their skip edge (or an always edge). */
export function skipDecision(node: GraphNode): Decision | undefined {
  return fallbackEdge(node, ['skip', 'always']);
}

export async function decide(inp: DecideInput): Promise<Decision> {
  const cands = candidates(inp);
  let firstEquation = -1;
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i].condition;
    if (c.kind !== 'equation') continue;
    const r = evaluateEquations(c, inp.vars);
    if (r.matched) {
      firstEquation = i;
      break;
    }
  }
  const before = firstEquation < 0 ? cands : cands.slice(0, firstEquation);
  const prompts = before.filter((c) => c.condition.kind === 'prompt');
  if (prompts.length) {
    const options = prompts.map((c) => ({
      key: c.key,
      prompt: inp.template((c.condition as { prompt: string }).prompt),
    }));
    const answer = await inp.router(options);
    const hit = answer.key ? prompts.find((c) => c.key === answer.key) : undefined;
    if (hit) return moveFor(hit, true, answer.reason || 'prompt');
  }
  if (firstEquation >= 0) {
    const c = cands[firstEquation];
    return moveFor(c, false, c.scope === 'edge' ? 'equation' : c.scope);
  }
  const fb = fallbackEdge(inp.node);
  if (fb) return fb;
  return { kind: 'stay', reason: prompts.length ? 'no condition matched' : 'no way out' };
}
