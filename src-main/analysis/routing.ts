import { setMaxListeners } from 'node:events';
import type { AgentGraph, GraphNode } from '../../src-shared/schemas/index.js';
import type { RoutingPoint, RoutingReport, RoutingUtterance } from '../../src-shared/contract/analysis.js';
import { buildAgentMessages } from '../engine/conversation/agent-prompt.js';
import { DEFAULT_LIMITS } from '../engine/limits.js';
import { ModelCalls } from '../engine/model-io/model-calls.js';
import { makeRouter } from '../engine/conversation/router.js';
import { Runtime } from '../engine/conversation/runtime.js';
import { decide, orderedConditionEdges } from '../engine/conversation/transitions.js';
import { runPool } from '../engine/run/run-pool.js';
import type { ChatModel } from '../providers/types.js';
import { reachableNodes } from '../formats/shared/graph-reach.js';

/**
 * Routing ambiguity check: for every decision point (a node where the router picks among prompt
 * conditions after a caller turn: the node's own conditions and every other global node's entry
 * condition), a model writes short caller lines meant for each condition (and a few meant for none);
 * then Parley's own router decides each one exactly as in a conversation (engine/conversation/transitions.ts
 * `decide` with engine/conversation/router.ts), after the agent's real line at that node. The result is a confusion
 * table per decision point. All model work goes through the one pool (engine/run/run-pool.ts).
 */

export interface RoutingOption {
  key: string;
  target: string | null;
  scope: 'edge' | 'global' | 'go_back';
  prompt: string;
}

export interface DecisionPoint {
  node_id: string;
  options: RoutingOption[];
}

export const NONE = 'none';

/** Conversation nodes the caller answers on, with every prompt condition that competes there. */
export function decisionPoints(g: AgentGraph, only?: string): DecisionPoint[] {
  const reached = reachableNodes(g);
  const globals = g.nodes.flatMap((gn) =>
    (gn.global?.entry_conditions ?? []).flatMap((c) =>
      c.condition.kind === 'prompt'
        ? [{ owner: gn.id, key: c.id, target: gn.id, scope: 'global' as const, prompt: c.condition.prompt }]
        : [],
    ),
  );
  return g.nodes
    .filter((n) => n.type === 'conversation' && !n.skip_response && reached.has(n.id) && (!only || n.id === only))
    .map((n) => {
      const options: RoutingOption[] = [
        ...globals.filter((c) => c.owner !== n.id).map(({ owner: _o, ...c }) => c),
        ...(n.global?.go_back_conditions ?? []).flatMap((c) =>
          c.condition.kind === 'prompt'
            ? [{ key: c.id, target: null, scope: 'go_back' as const, prompt: c.condition.prompt }]
            : [],
        ),
        ...orderedConditionEdges(n).flatMap((t) =>
          t.condition.kind === 'prompt'
            ? [{ key: t.id, target: t.target, scope: 'edge' as const, prompt: t.condition.prompt }]
            : [],
        ),
      ];
      return { node_id: n.id, options };
    })
    .filter((p) => p.options.length > 0);
}

export interface RoutingRunOptions {
  model: ChatModel;
  perCondition: number;
  noneCount: number;
  concurrency: number;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

const GEN_SYSTEM =
  'You write what callers say on the phone. Each line is one short, natural caller turn (at most 20 words), in the first person, different from the others.';

const emptyTest = { name: 'routing analysis', dynamic_variables: {}, tool_mocks: [] } as never;

function runtimeFor(g: AgentGraph, node: GraphNode, calls: ModelCalls, signal: AbortSignal): Runtime {
  const rt = new Runtime({
    graph: g,
    test: emptyTest,
    callId: 'routing-analysis',
    calls,
    limits: DEFAULT_LIMITS,
    signal,
  });
  rt.current = node.id;
  return rt;
}

interface Job {
  kind: 'context' | 'generate' | 'route';
  point: number;
  /** generate: the option key or none; route: the utterance index */
  key?: string;
  index?: number;
}

export async function analyzeRouting(
  g: AgentGraph,
  points: DecisionPoint[],
  o: RoutingRunOptions,
): Promise<{ report: Omit<RoutingReport, 'model' | 'created_at'>; aborted: boolean; failure?: string }> {
  const started = performance.now();
  // every call in flight listens to the one signal
  setMaxListeners(Math.max(10, o.concurrency * 4 + 10), o.signal);
  const models = { agent: o.model, caller: o.model, judge: o.model };
  const nodes = new Map(g.nodes.map((n) => [n.id, n]));
  const contexts: string[] = points.map(() => '');
  const lines: RoutingUtterance[][] = points.map(() => []);
  // progress counts model calls, as the report does: each step is planned as the calls it should make (a
  // static line none, every other step one); a step that made another number corrects the total, so the
  // last progress line and the report's `calls` agree
  const contextCalls = (p: DecisionPoint) => {
    const n = nodes.get(p.node_id);
    return n?.type === 'conversation' && n.instruction.mode !== 'static' ? 1 : 0;
  };
  let calls = 0;
  let total =
    points.reduce((n, p) => n + contextCalls(p), 0) +
    points.reduce((n, p) => n + p.options.length + (o.noneCount ? 1 : 0), 0) +
    points.reduce((n, p) => n + p.options.length * o.perCondition + o.noneCount, 0);
  o.onProgress?.(0, total);
  const withCalls = async <T>(planned: number, fn: (c: ModelCalls) => Promise<T>): Promise<T> => {
    const c = new ModelCalls(models, o.signal);
    try {
      return await fn(c);
    } finally {
      const made = c.records.length;
      calls += made;
      total += made - planned;
      o.onProgress?.(calls, total);
      await c.disposeAll();
    }
  };

  // 1. the agent's line at each node: static text as written, a prompt as the agent model says it
  const phase = async (jobs: Job[], work: (j: Job) => Promise<void>) =>
    runPool({
      items: jobs,
      concurrency: o.concurrency,
      signal: o.signal,
      work: async (j) => {
        await work(j);
        return true;
      },
    });
  const r1 = await phase(
    points.map((_, point) => ({ kind: 'context', point })),
    async ({ point }) => {
      const node = nodes.get(points[point].node_id)!;
      if (node.type !== 'conversation') return;
      await withCalls(contextCalls(points[point]), async (c) => {
        const rt = runtimeFor(g, node, c, o.signal);
        const instruction = rt.template(node.instruction.text);
        if (node.instruction.mode === 'static') contexts[point] = instruction;
        else {
          const res = await c.chat('agent', 'chat', node.id, {
            messages: buildAgentMessages(rt.template(g.global_prompt), instruction, [], []),
            maxTokens: 120,
          });
          contexts[point] = res.text.trim().slice(0, 600);
        }
      });
    },
  );
  if (r1.aborted || r1.failure) return { report: reportOf(), aborted: r1.aborted, failure: r1.failure };

  // 2. caller lines meant for each condition, and lines meant for none of them
  const genJobs: Job[] = points.flatMap((p, point) => [
    ...p.options.map((opt) => ({ kind: 'generate' as const, point, key: opt.key })),
    ...(o.noneCount ? [{ kind: 'generate' as const, point, key: NONE }] : []),
  ]);
  const r2 = await phase(genJobs, async ({ point, key }) => {
    const p = points[point];
    const node = nodes.get(p.node_id)!;
    const count = key === NONE ? o.noneCount : o.perCondition;
    const others = p.options.map((x) => `- ${x.prompt}`).join('\n');
    const target = p.options.find((x) => x.key === key);
    const ask =
      key === NONE
        ? `The agent just said: "${contexts[point]}"\n\nWrite ${count} different things the caller could answer that match NONE of these conditions (an off-topic reply, a question, small talk):\n${others}`
        : `The agent just said: "${contexts[point]}"\n\nWrite ${count} different things the caller could answer for which this condition is clearly true:\n"${target!.prompt}"\n\nThe other conditions at this point, which must NOT be true for your lines:\n${
            p.options
              .filter((x) => x.key !== key)
              .map((x) => `- ${x.prompt}`)
              .join('\n') || '(none)'
          }`;
    const schema = {
      type: 'object',
      properties: {
        utterances: {
          type: 'array',
          minItems: count,
          maxItems: count,
          items: { type: 'string', maxLength: 160 },
        },
      },
      required: ['utterances'],
      additionalProperties: false,
    };
    await withCalls(1, async (c) => {
      const res = await c.structured<{ utterances?: unknown }>('caller', 'utterances', node.id, {
        messages: [
          { role: 'system', content: GEN_SYSTEM },
          { role: 'user', content: ask },
        ],
        schema,
        schemaName: 'utterances',
        maxTokens: 60 * count + 20,
      });
      const got = Array.isArray(res.value?.utterances) ? res.value.utterances : [];
      for (const text of got.slice(0, count))
        if (typeof text === 'string' && text.trim())
          lines[point].push({ text: text.trim(), intended: key!, chosen: NONE, reason: '' });
    });
  });
  if (r2.aborted || r2.failure) return { report: reportOf(), aborted: r2.aborted, failure: r2.failure };
  // lines that came back short are not routed: the total counts what will actually run
  total = calls + lines.reduce((n, l) => n + l.length, 0);

  // 3. Parley's router on each line, after the agent's line, exactly as in a conversation
  const routeJobs: Job[] = lines.flatMap((l, point) => l.map((_, index) => ({ kind: 'route' as const, point, index })));
  const r3 = await phase(routeJobs, async ({ point, index }) => {
    const node = nodes.get(points[point].node_id)!;
    const u = lines[point][index!];
    await withCalls(1, async (c) => {
      const rt = runtimeFor(g, node, c, o.signal);
      if (contexts[point]) rt.sayAgent(node.id, contexts[point]);
      rt.sayCaller(u.text);
      const d = await decide({
        graph: g,
        node,
        vars: rt.vars,
        stack: rt.stack,
        includeGlobals: true,
        router: makeRouter(rt, node),
        template: (t) => rt.template(t),
      });
      const keys = new Set(points[point].options.map((x) => x.key));
      u.chosen = d.kind === 'move' && d.how === 'prompt' && keys.has(d.via) ? d.via : NONE;
      u.reason = d.reason;
    });
  });
  return { report: reportOf(), aborted: r3.aborted, failure: r3.failure };

  function reportOf() {
    return {
      points: points.map((p, i) => summarize(p, contexts[i], lines[i])),
      calls,
      ms: Math.round(performance.now() - started),
    };
  }
}

/** The confusion table of one decision point and what it says. */
export function summarize(p: DecisionPoint, context: string, utterances: RoutingUtterance[]): RoutingPoint {
  const keys = [...p.options.map((o) => o.key), NONE];
  const matrix = keys.map((intended) =>
    keys.map((chosen) => utterances.filter((u) => u.intended === intended && u.chosen === chosen).length),
  );
  const steals: RoutingPoint['steals'] = [];
  keys.forEach((intended, i) =>
    keys.forEach((chosen, j) => {
      if (i !== j && chosen !== NONE && intended !== NONE && matrix[i][j] > 0)
        steals.push({ from: intended, to: chosen, count: matrix[i][j] });
    }),
  );
  const wins = (k: string) => utterances.some((u) => u.chosen === k);
  const correct = utterances.filter((u) => u.intended === u.chosen).length;
  const meant = utterances.filter((u) => u.intended !== NONE);
  return {
    node_id: p.node_id,
    context,
    options: p.options,
    keys,
    matrix,
    utterances,
    accuracy: utterances.length ? correct / utterances.length : 0,
    steals: steals.sort((a, b) => b.count - a.count),
    never_wins: p.options.map((o) => o.key).filter((k) => !wins(k)),
    no_lines: p.options.map((o) => o.key).filter((k) => !utterances.some((u) => u.intended === k)),
    none_rate: meant.length ? meant.filter((u) => u.chosen === NONE).length / meant.length : 0,
    misrouted: utterances.filter((u) => u.intended !== u.chosen).length,
  };
}
