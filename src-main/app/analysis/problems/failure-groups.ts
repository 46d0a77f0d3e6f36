import {
  SEVERITIES,
  type FailureGroup,
  type FailureRecord,
  type Result,
  type Severity,
} from '../../../../src-shared/schemas/index.js';
import type { CallUsage, ChatModel } from '../../../providers/types.js';
import { nodeAtTurn } from '../../../compare/diagnose.js';

/**
 * Failure grouping (after Agentest's error deduplication): ONE structured LLM call over every failure
 * of a run (failed metrics, rules, assertions, errors) returns the unique problems behind them.
 */

export {
  SEVERITIES,
  type Severity,
  type FailureRecord,
  type FailureGroup,
} from '../../../../src-shared/schemas/index.js';

export interface FailureGrouping {
  groups: FailureGroup[];
  /** Failures no problem claimed (the model left them out). */
  ungrouped: FailureRecord[];
  /** Failures found in the run; only the first `maxFailures` are sent. */
  total_failures: number;
  usage: CallUsage | null;
}

/** Bounds of the answer: llama.cpp lets a grammar run to the schema's worst case, so keep it small. */
export const LABEL_CHARS = 80;
export const DESCRIPTION_CHARS = 240;
export const DEFAULT_MAX_GROUPS = 8;

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

/** Every failure of a run as one flat list (metric, rule, assertion failures and errors). */
export function collectFailures(results: Result[]): FailureRecord[] {
  const out: FailureRecord[] = [];
  const add = (r: Result, f: Omit<FailureRecord, 'id' | 'result_id' | 'test' | 'repeat'>) =>
    out.push({ id: out.length, result_id: r.id, test: r.test, repeat: r.repeat, ...f });
  for (const r of results) {
    if (r.status === 'error' || r.error)
      add(r, { kind: 'error', what: 'error', detail: r.error ?? 'error', turns: [], nodes: [] });
    for (const m of r.metrics) {
      if (m.passed) continue;
      const turns = m.turns ?? [];
      const nodes = m.nodes?.length
        ? m.nodes
        : [...new Set(turns.map((t) => nodeAtTurn(r, t)).filter((n): n is string => !!n))];
      add(r, {
        kind: 'metric',
        what: m.criterion,
        detail: `score ${m.score.toFixed(2)} < ${m.threshold.toFixed(2)}. ${m.reasoning}`,
        turns,
        nodes,
      });
    }
    for (const [kind, list] of [
      ['rule', r.rules],
      ['assertion', r.assertions],
    ] as const) {
      for (const c of list)
        if (!c.passed) add(r, { kind, what: `${c.kind} ${c.target}`, detail: c.message, turns: [], nodes: [] });
    }
  }
  return out;
}

/** JSON Schema of the grouping answer: every string and number bounded (grammar-safe). */
export function groupingSchema(failures: number, maxGroups: number): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      problems: {
        type: 'array',
        maxItems: maxGroups,
        items: {
          type: 'object',
          properties: {
            label: { type: 'string', maxLength: LABEL_CHARS },
            description: { type: 'string', maxLength: DESCRIPTION_CHARS },
            severity: { type: 'string', enum: [...SEVERITIES] },
            failure_ids: {
              type: 'array',
              maxItems: failures,
              items: { type: 'integer', minimum: 0, maximum: Math.max(0, failures - 1) },
            },
          },
          required: ['label', 'description', 'severity', 'failure_ids'],
          additionalProperties: false,
        },
      },
    },
    required: ['problems'],
    additionalProperties: false,
  };
}

function prompt(failures: FailureRecord[]): string {
  const lines = failures.map(
    (f) =>
      `[${f.id}] test ${JSON.stringify(f.test)} repeat ${f.repeat + 1}, ${f.kind} ${JSON.stringify(clip(f.what, 160))}${f.nodes.length ? ` at node ${f.nodes.join(', ')}` : ''}: ${clip(f.detail, 300)}`,
  );
  return `Failures of one test run of a conversational agent:\n${lines.join('\n')}\n\nGroup them by root cause.`;
}

const SYSTEM =
  'You analyse failures of automated tests of a conversational (voice or chat) agent. Group the failures into the unique ' +
  'underlying problems of the agent. For each problem give a short label, a one or two sentence description of what the agent ' +
  'does wrong, a severity (critical: harms the caller, leaks data or breaks compliance; high: the caller goal fails; medium: ' +
  'degraded but recoverable; low: style), and the ids of the failures it explains. Every failure id belongs to exactly one problem.';

/**
 * Groups a run's failures into unique problems with one structured call. No failures: no call.
 * `occurrences` counts the failures a problem claims (ids out of range or claimed twice are dropped).
 */
export async function groupFailures(
  results: Result[],
  model: ChatModel,
  opts: { maxTokens?: number; maxGroups?: number; maxFailures?: number; signal?: AbortSignal } = {},
): Promise<FailureGrouping> {
  const all = collectFailures(results);
  const failures = all.slice(0, opts.maxFailures ?? 100);
  if (!failures.length) return { groups: [], ungrouped: [], total_failures: 0, usage: null };
  const session = await model.openSession({ label: 'failure-groups' });
  try {
    const res = await session.structured<{
      problems: { label: string; description: string; severity: Severity; failure_ids: number[] }[];
    }>({
      purpose: 'failure_groups',
      schemaName: 'failure_groups',
      schema: groupingSchema(failures.length, opts.maxGroups ?? DEFAULT_MAX_GROUPS),
      maxTokens: opts.maxTokens ?? 1500,
      temperature: 0,
      signal: opts.signal,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: prompt(failures) },
      ],
    });
    const claimed = new Set<number>();
    const groups: FailureGroup[] = [];
    for (const p of res.value?.problems ?? []) {
      const ids = [...new Set(p.failure_ids ?? [])].filter(
        (id) => Number.isInteger(id) && id >= 0 && id < failures.length && !claimed.has(id),
      );
      if (!ids.length) continue;
      ids.forEach((id) => claimed.add(id));
      groups.push({
        label: clip(String(p.label ?? '').trim() || 'Unnamed problem', LABEL_CHARS),
        description: clip(String(p.description ?? '').trim(), DESCRIPTION_CHARS),
        severity: SEVERITIES.includes(p.severity) ? p.severity : 'medium',
        occurrences: ids.length,
        examples: ids.map((id) => failures[id]),
      });
    }
    groups.sort(
      (x, y) => SEVERITIES.indexOf(y.severity) - SEVERITIES.indexOf(x.severity) || y.occurrences - x.occurrences,
    );
    return {
      groups,
      ungrouped: failures.filter((f) => !claimed.has(f.id)),
      total_failures: all.length,
      usage: res.usage,
    };
  } finally {
    await session.dispose();
  }
}

/** true when any problem is at or above `threshold` (a run set to fail on that severity fails). */
export function failsOnSeverity(groups: Pick<FailureGroup, 'severity'>[], threshold: Severity): boolean {
  const min = SEVERITIES.indexOf(threshold);
  return groups.some((g) => SEVERITIES.indexOf(g.severity) >= min);
}
