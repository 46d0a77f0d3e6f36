import type { MetricResult, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { ProviderError } from '../../providers/types.js';
import { ContextFullError, ModelCallError } from '../errors.js';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { renderTranscript } from '../conversation/transcript-text.js';
import { turnIndex } from '../../../src-shared/text/turn-number.js';
import type { ResolvedMetric } from './metric-specs.js';

/**
 * LLM metrics: every criterion scored 0..1 with reasoning and the transcript turns the verdict
 * rests on. All metrics of a transcript in ONE structured call; when the model cannot manage that
 * (bad output, context overflow) or `combined` is off, one call per metric. Two-step option (only
 * when a test asks for it): a first call lists the facts of the transcript, the judge then scores
 * against them.
 *
 * Prefix-stable for a server's prompt cache: the combined call leads with the instructions and the
 * rubric (the same for every conversation of a test) and ends with the transcript; one call per
 * metric leads with the instructions and the transcript (the same for each metric of one
 * conversation) and ends with the criterion. Reasoning is one short sentence by default
 * (EngineLimits.judgeReasonChars; the run option `judge_reasoning: full` allows the long form).
 */

/** The judge's instructions; the reasoning bound is the verdict schema's (short by default, see EngineLimits). */
const judgeSystem = (reasonChars: number) =>
  [
    'You are a strict evaluator of a phone conversation between an agent and a caller.',
    `For each criterion give a score from 0 to 1 (1 = fully met, 0 = not met), a reasoning of at most ${reasonChars} characters,`,
    'and the numbers in brackets of the transcript lines it rests on.',
  ].join(' ');

const FACTS_SYSTEM =
  'You list the facts of a phone conversation between an agent and a caller: what each side said, asked, promised and did. One short fact per item.';

export interface JudgeOptions {
  twoStep?: boolean;
  /** Score all metrics in one call (default true); falls back to one call per metric on failure. */
  combined?: boolean;
  limits?: Partial<EngineLimits>;
}

interface Verdict {
  reasoning?: unknown;
  score?: unknown;
  turns?: unknown;
}

/** `turns` are the numbers in brackets the judge read (from 1, as on screen), not stored indices. */
function verdictSchema(turnCount: number, reasonChars: number): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      reasoning: { type: 'string', maxLength: reasonChars },
      score: { type: 'number', minimum: 0, maximum: 1 },
      turns: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: Math.max(1, turnCount) },
        maxItems: 4,
      },
    },
    required: ['reasoning', 'score', 'turns'],
    additionalProperties: false,
  };
}

const key = (i: number) => `metric_${i + 1}`;

function toResult(
  m: ResolvedMetric,
  v: Verdict | undefined,
  transcript: TranscriptTurn[],
  reasonChars: number,
): MetricResult {
  const raw = typeof v?.score === 'number' ? v.score : Number(v?.score);
  const score = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0;
  // the judge cites the bracket numbers (from 1); results keep stored indices (from 0)
  const turns = [
    ...new Set(
      (Array.isArray(v?.turns) ? v!.turns : [])
        .map((t) => turnIndex(Math.round(Number(t))))
        .filter((t) => Number.isInteger(t) && t >= 0 && t < transcript.length),
    ),
  ].sort((a, b) => a - b);
  const cited = turns.map((t) => transcript[t]);
  const agentNodes = cited.filter((t) => t.role === 'agent' && t.node).map((t) => t.node!);
  const nodes = [...new Set(agentNodes.length ? agentNodes : cited.filter((t) => t.node).map((t) => t.node!))];
  return {
    criterion: m.criterion,
    score,
    threshold: m.threshold,
    passed: score >= m.threshold,
    reasoning: typeof v?.reasoning === 'string' ? v.reasoning.slice(0, reasonChars) : '',
    turns,
    nodes,
    ...(m.global ? { global: true } : {}),
  };
}

async function listFacts(calls: ModelCalls, transcriptText: string, limits: EngineLimits): Promise<string[]> {
  const res = await calls.structured<{ facts?: unknown }>('judge', 'facts', undefined, {
    messages: [
      { role: 'system', content: FACTS_SYSTEM },
      { role: 'user', content: `Transcript:\n${transcriptText}` },
    ],
    schema: {
      type: 'object',
      properties: {
        facts: { type: 'array', items: { type: 'string', maxLength: limits.factChars }, maxItems: limits.maxFacts },
      },
      required: ['facts'],
      additionalProperties: false,
    },
    schemaName: 'facts',
    maxTokens: limits.factsMaxTokens,
  });
  const f = res.value?.facts;
  return Array.isArray(f)
    ? f.filter((x): x is string => typeof x === 'string' && !!x.trim()).map((x) => x.slice(0, limits.factChars))
    : [];
}

const mayRetrySingly = (e: unknown) =>
  e instanceof ContextFullError ||
  (e instanceof ModelCallError &&
    e.cause instanceof ProviderError &&
    (e.cause.code === 'bad_output' || e.cause.code === 'context_overflow'));

export async function judgeMetrics(
  calls: ModelCalls,
  transcript: TranscriptTurn[],
  metrics: ResolvedMetric[],
  opts: JudgeOptions = {},
): Promise<MetricResult[]> {
  // A transcript the judge model's context cannot hold (a conversation that ended at a full context,
  // judged by the same small model): judge its most recent lines, halving until they fit, and say so.
  let lastTurns: number | undefined;
  for (;;) {
    try {
      const out = await judgeOnce(calls, transcript, metrics, opts, lastTurns);
      if (lastTurns === undefined) return out;
      const note = `(judged on the last ${lastTurns} of ${transcript.length} transcript lines: the judge model's context cannot hold them all) `;
      return out.map((m) => ({ ...m, reasoning: note + m.reasoning }));
    } catch (e) {
      const shown = lastTurns ?? transcript.length;
      if (!(e instanceof ContextFullError) || shown <= 2) throw e;
      lastTurns = Math.floor(shown / 2);
    }
  }
}

async function judgeOnce(
  calls: ModelCalls,
  transcript: TranscriptTurn[],
  metrics: ResolvedMetric[],
  opts: JudgeOptions,
  lastTurns: number | undefined,
): Promise<MetricResult[]> {
  if (!metrics.length) return [];
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const text = renderTranscript(transcript, { numbered: true, includeTools: true, maxTurnChars: 1500, lastTurns });
  const facts = opts.twoStep ? await listFacts(calls, text, limits) : [];
  const factText = facts.length
    ? `\n\nFacts established from the transcript:\n${facts.map((f) => `- ${f}`).join('\n')}`
    : '';
  const base = `Transcript:\n${text}${factText}`;
  const vschema = verdictSchema(transcript.length, limits.judgeReasonChars);
  const system = judgeSystem(limits.judgeReasonChars);

  if (opts.combined !== false) {
    const props = Object.fromEntries(metrics.map((_, i) => [key(i), vschema]));
    try {
      const res = await calls.structured<Record<string, Verdict>>('judge', 'judge', undefined, {
        messages: [
          {
            role: 'system',
            content: `${system}\n\nCriteria:\n${metrics.map((m, i) => `${key(i)}: ${m.criterion}`).join('\n')}`,
          },
          { role: 'user', content: base },
        ],
        schema: { type: 'object', properties: props, required: Object.keys(props), additionalProperties: false },
        schemaName: 'verdicts',
        maxTokens: limits.judgeMaxTokensPerMetric * metrics.length + 32,
      });
      const v = res.value ?? {};
      return metrics.map((m, i) => toResult(m, v[key(i)], transcript, limits.judgeReasonChars));
    } catch (e) {
      if (!mayRetrySingly(e)) throw e;
    }
  }
  const out: MetricResult[] = [];
  for (const m of metrics) {
    const res = await calls.structured<Verdict>('judge', 'judge', undefined, {
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: `${base}\n\nCriterion: ${m.criterion}` },
      ],
      schema: vschema,
      schemaName: 'verdict',
      maxTokens: limits.judgeMaxTokensPerMetric,
    });
    out.push(toResult(m, res.value, transcript, limits.judgeReasonChars));
  }
  return out;
}
