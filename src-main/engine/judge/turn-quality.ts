import {
  TURN_METRICS,
  type AgentGraph,
  type Result,
  type TurnMetric,
  type TurnQuality,
} from '../../../src-shared/schemas/index.js';
import type { CallUsage, ChatModel } from '../../providers/types.js';
import { nodeAtTurn } from './node-at-turn.js';

/**
 * Optional per-turn quality metrics (after Agentest): every agent turn scored 0..1 on helpfulness,
 * coherence, relevance, faithfulness to its node's instruction and verbosity (1 = right length), one
 * structured call per turn, averaged per test. Usable by the engine after a conversation or on stored
 * results, so a comparison can show which turn got worse.
 */

export { TURN_METRICS, type TurnMetric } from '../../../src-shared/schemas/index.js';

/** One scored agent turn (the shared schema's item). */
export type ScoredTurn = TurnQuality['turns'][number];

/** A conversation's scores (the shared TurnQuality stored on results) and the usage of each call. */
export interface TestTurnQuality extends TurnQuality {
  usage: CallUsage[];
}

export const TURN_QUALITY_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    ...Object.fromEntries(TURN_METRICS.map((m) => [m, { type: 'number', minimum: 0, maximum: 1 }])),
    reasoning: { type: 'string', maxLength: 160 },
  },
  required: [...TURN_METRICS, 'reasoning'],
  additionalProperties: false,
};

const SYSTEM =
  'You rate one reply of a conversational (voice or chat) agent. Give each score from 0 to 1: helpfulness (moves the ' +
  "caller's goal forward), coherence (consistent with the conversation so far), relevance (answers what the caller said), " +
  'faithfulness (follows the instruction the agent was given for this step), verbosity (1 = the right length for a phone call, ' +
  '0 = far too long or too curt). Then one short sentence of reasoning.';

/** The instruction text of a node (what faithfulness is judged against). */
function nodeInstruction(graph: AgentGraph | undefined, node: string | null): string {
  const n = graph?.nodes.find((x) => x.id === node);
  if (!n) return '';
  if ('instruction' in n && n.instruction) return n.instruction.text;
  if ('message' in n && n.message) return n.message.text;
  return '';
}

const clamp01 = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Scores every agent turn of a conversation (one structured call per turn) and averages them. */
export async function scoreTurnQuality(
  result: Pick<Result, 'transcript' | 'nodes_visited'>,
  model: ChatModel,
  opts: { graph?: AgentGraph; historyTurns?: number; maxTokens?: number; signal?: AbortSignal } = {},
): Promise<TestTurnQuality> {
  const turns: ScoredTurn[] = [];
  const usage: CallUsage[] = [];
  const session = await model.openSession({ label: 'turn-quality' });
  try {
    for (let i = 0; i < result.transcript.length; i++) {
      const t = result.transcript[i];
      if (t.role !== 'agent') continue;
      const node = nodeAtTurn(result, i);
      const history = result.transcript
        .slice(Math.max(0, i - (opts.historyTurns ?? 6)), i)
        .map((h) => `${h.role}: ${h.content}`)
        .join('\n');
      const instruction = nodeInstruction(opts.graph, node) || (opts.graph?.global_prompt ?? '');
      const res = await session.structured<Record<TurnMetric | 'reasoning', unknown>>({
        purpose: 'turn_quality',
        schemaName: 'turn_quality',
        schema: TURN_QUALITY_SCHEMA,
        maxTokens: opts.maxTokens ?? 300,
        temperature: 0,
        signal: opts.signal,
        messages: [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `Instruction for this step${node ? ` (node ${node})` : ''}:\n${instruction || '(none)'}\n\nConversation so far:\n${history || '(start)'}\n\nAgent reply to rate:\n${t.content}`,
          },
        ],
      });
      usage.push(res.usage);
      const v = res.value ?? ({} as Record<string, unknown>);
      turns.push({
        index: i,
        node,
        scores: Object.fromEntries(TURN_METRICS.map((m) => [m, clamp01(v[m])])) as Record<TurnMetric, number>,
        reasoning: typeof v.reasoning === 'string' ? v.reasoning.slice(0, 160) : '',
      });
    }
  } finally {
    await session.dispose();
  }
  const mean = turns.length
    ? (Object.fromEntries(
        TURN_METRICS.map((m) => [m, turns.reduce((s, t) => s + t.scores[m], 0) / turns.length]),
      ) as Record<TurnMetric, number>)
    : null;
  return { turns, mean, usage };
}

/** Per-turn metric deltas between two scored conversations of the same test, aligned by agent-turn order. */
export function turnQualityDeltas(
  a: Pick<TurnQuality, 'turns'>,
  b: Pick<TurnQuality, 'turns'>,
): { turn: number; index_a: number | null; index_b: number | null; delta: Record<TurnMetric, number> | null }[] {
  const n = Math.max(a.turns.length, b.turns.length);
  return Array.from({ length: n }, (_, k) => {
    const x = a.turns[k];
    const y = b.turns[k];
    return {
      turn: k,
      index_a: x?.index ?? null,
      index_b: y?.index ?? null,
      delta:
        x && y
          ? (Object.fromEntries(TURN_METRICS.map((m) => [m, y.scores[m] - x.scores[m]])) as Record<TurnMetric, number>)
          : null,
    };
  });
}
