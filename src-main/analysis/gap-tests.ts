/**
 * "Cover the gaps": for an edge or a global node no conversation of a suite reached, ONE structured
 * model call proposes a test case that should reach it: a persona (facts, goal, manner) and a path
 * assertion naming the nodes it must visit. The model reads the agent (personas/generate.ts
 * `describeAgent`), the shortest way from the entry to the gap with the condition of each step, and
 * the condition of the gap itself. Nothing is stored here: the app shows the proposals for review.
 */
import type { CoverageEdge, CoverageGlobal, GraphCoverage } from '../../src-shared/coverage.js';
import { pathAssertion } from '../../src-shared/checks/check-kinds.js';
import {
  Persona,
  type AgentGraph,
  type Assertions,
  type Condition,
  type TestCase,
} from '../../src-shared/schemas/index.js';
import { describeAgent, FACTS_SCHEMA } from '../personas/generate.js';
import type { ChatModel } from '../providers/types.js';

export interface CoverageGap {
  /** `source::transition` for an edge, `global:<node>` for a global node. */
  key: string;
  kind: 'edge' | 'global';
  /** The node the gap leaves from (edges), or the global node. */
  from: string;
  /** The node the gap leads to (the global node itself for globals). */
  to: string;
  transition_id?: string;
  /** What makes the engine take it, in words. */
  condition: string;
  /** Node ids from the entry to `from` (the shortest way along transitions), or null when none leads there. */
  route: string[] | null;
}

export interface GapProposal {
  gap: CoverageGap;
  test: TestCase;
  /** What the model says the test exercises (shown in the review, not stored). */
  why: string;
}

const TEMPERAMENTS = ['calm', 'friendly', 'anxious', 'irritated', 'angry'] as const;
const CLARITY = ['clear', 'vague', 'rambling'] as const;

/** Words for a condition, as the model and the review read it. */
export function conditionText(c: Condition): string {
  switch (c.kind) {
    case 'prompt':
      return c.prompt;
    case 'equation':
      return `variables: ${c.equations.map((e) => `${e.left} ${e.operator}${e.right !== undefined ? ` ${e.right}` : ''}`).join(c.match === 'any' ? ' or ' : ' and ')}`;
    case 'else':
      return 'no other condition of the node holds';
    case 'always':
      return 'always (after the caller answers)';
    case 'skip':
      return 'at once, without waiting for the caller';
  }
}

/** Shortest way from the entry to `target` along transitions (global nodes are reachable from anywhere). */
export function routeTo(g: AgentGraph, target: string): string[] | null {
  const prev = new Map<string, string | null>([[g.entry_node_id, null]]);
  const queue = [g.entry_node_id];
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  while (queue.length) {
    const id = queue.shift()!;
    if (id === target) break;
    const next = [
      ...(byId.get(id)?.transitions.map((t) => t.target) ?? []),
      ...g.nodes.filter((n) => n.global?.entry_conditions.length).map((n) => n.id),
    ];
    for (const n of next)
      if (!prev.has(n) && byId.has(n)) {
        prev.set(n, id);
        queue.push(n);
      }
  }
  if (!prev.has(target)) return null;
  const out: string[] = [];
  for (let at: string | null = target; at !== null; at = prev.get(at) ?? null) out.unshift(at);
  return out;
}

/** The gaps of a coverage as proposals can aim at them: uncovered edges, then uncovered global nodes. */
export function coverageGaps(g: AgentGraph, c: GraphCoverage): CoverageGap[] {
  const edge = (e: CoverageEdge): CoverageGap => ({
    key: e.key,
    kind: 'edge',
    from: e.from,
    to: e.to,
    transition_id: e.transition_id,
    condition: conditionText(e.condition),
    route: routeTo(g, e.from),
  });
  const global = (x: CoverageGlobal): CoverageGap => ({
    key: `global:${x.node}`,
    kind: 'global',
    from: x.node,
    to: x.node,
    condition: x.entry_conditions.map((c) => conditionText(c.condition)).join(' / ') || 'no entry condition',
    route: routeTo(g, g.entry_node_id),
  });
  return [...c.uncovered_edges.map(edge), ...c.uncovered_globals.map(global)];
}

/** The answer's JSON Schema: bounded strings and enums (grammar-safe on local models). */
export function gapSchema(): Record<string, unknown> {
  const text = (n: number) => ({ type: 'string', maxLength: n });
  return {
    type: 'object',
    properties: {
      name: text(40),
      facts: FACTS_SCHEMA,
      goal: text(300),
      temperament: { enum: [...TEMPERAMENTS] },
      clarity: { enum: [...CLARITY] },
      why: text(160),
    },
    required: ['name', 'facts', 'goal', 'temperament', 'clarity', 'why'],
    additionalProperties: false,
  };
}

const SYSTEM =
  'You design one test caller for a phone agent. The caller must make the agent take one particular step of its ' +
  'flow that no test has reached yet. Write the goal as instructions to the caller: what they want, what they say at ' +
  'each step to get there, and what they say to trigger the step. Facts are the details the caller knows (names, ' +
  'numbers, dates). "why" says in one sentence what the test checks.';

const label = (g: AgentGraph, id: string) => {
  const n = g.nodes.find((x) => x.id === id);
  return n?.name && n.name !== id ? `${id} (${n.name})` : id;
};

/** The request for one gap: the agent, the way there, and the step to trigger. */
export function gapPrompt(g: AgentGraph, gap: CoverageGap): string {
  const lines = [describeAgent(g), ''];
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  if (gap.route && gap.route.length > 1) {
    lines.push('The way to get there:');
    for (let i = 1; i < gap.route.length; i++) {
      const from = byId.get(gap.route[i - 1]);
      const t = from?.transitions.find((x) => x.target === gap.route![i]);
      const how = t
        ? conditionText(t.condition)
        : `global entry: ${(byId.get(gap.route[i])?.global?.entry_conditions ?? []).map((c) => conditionText(c.condition)).join(' / ')}`;
      lines.push(`- from ${label(g, gap.route[i - 1])} to ${label(g, gap.route[i])} when: ${how}`);
    }
  } else if (!gap.route) lines.push(`No transition leads to ${label(g, gap.from)} from the start of the call.`);
  lines.push(
    '',
    gap.kind === 'edge'
      ? `The step to trigger: at ${label(g, gap.from)}, the agent moves to ${label(g, gap.to)} when: ${gap.condition}`
      : `The step to trigger: from anywhere in the call, the agent jumps to ${label(g, gap.to)} when: ${gap.condition}`,
    '',
    'Write the one test caller.',
  );
  return lines.join('\n');
}

/** Why a gap got no proposal: the model failed or answered something unusable. */
export class GapProposalError extends Error {}

/** The path a proposal asserts: the gap's source (when it is not the entry) and its target. */
export function gapAssertion(g: AgentGraph, gap: CoverageGap): NonNullable<Assertions['path']> {
  const must = gap.kind === 'edge' && gap.from !== g.entry_node_id ? [gap.from, gap.to] : [gap.to];
  return pathAssertion({ visit: [...new Set(must)] });
}

const pick = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;

/** Turns the model's answer into a test case; throws GapProposalError naming what was missing. */
export function proposalFromAnswer(
  g: AgentGraph,
  gap: CoverageGap,
  answer: unknown,
  takenNames: Set<string>,
): GapProposal {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    throw new GapProposalError(`the model's answer is not an object (${JSON.stringify(answer)?.slice(0, 80)})`);
  const a = answer as Record<string, unknown>;
  const goal = typeof a.goal === 'string' ? a.goal.trim() : '';
  if (!goal) throw new GapProposalError('the model wrote no goal for the caller (answer field "goal" is empty)');
  const base = `cover ${gap.kind === 'edge' ? `${gap.from} -> ${gap.to}` : gap.to}`;
  let name = base;
  for (let i = 2; takenNames.has(name.toLowerCase()); i++) name = `${base} #${i}`;
  takenNames.add(name.toLowerCase());
  const facts = Array.isArray(a.facts) ? (a.facts as { key?: unknown; value?: unknown }[]) : [];
  const persona = Persona.parse({
    name: (typeof a.name === 'string' && a.name.trim()) || `Caller for ${gap.to}`,
    identity: Object.fromEntries(
      facts.filter((f) => f && String(f.key ?? '').trim()).map((f) => [String(f.key).trim(), String(f.value ?? '')]),
    ),
    goal,
    personality: { temperament: pick(a.temperament, TEMPERAMENTS), clarity: pick(a.clarity, CLARITY) },
    tags: ['generated', 'coverage'],
  });
  const test: TestCase = {
    name,
    type: 'llm',
    persona,
    metrics: [],
    dynamic_variables: {},
    tool_mocks: [],
    includes: [],
    excludes: [],
    patterns: [],
    assertions: { path: gapAssertion(g, gap) },
  };
  return { gap, test, why: typeof a.why === 'string' ? a.why : '' };
}

/** One model call for one gap. */
export async function proposeGapTest(
  g: AgentGraph,
  gap: CoverageGap,
  model: ChatModel,
  opts: { signal?: AbortSignal; takenNames: Set<string> },
): Promise<GapProposal> {
  const session = await model.openSession({ label: `cover ${gap.key}` });
  try {
    let value: unknown;
    try {
      const res = await session.structured<Record<string, unknown>>({
        purpose: 'generate_tests',
        schemaName: 'generate_test',
        schema: gapSchema(),
        maxTokens: 400,
        temperature: 0.7,
        signal: opts.signal,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: gapPrompt(g, gap) },
        ],
      });
      value = res.value;
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      throw new GapProposalError(`the model call failed: ${(e as Error).message}`);
    }
    return proposalFromAnswer(g, gap, value, opts.takenNames);
  } finally {
    await session.dispose();
  }
}
