import type { CheckResult, Result } from '../../src-shared/schemas/index.js';
import type { CheckChange, CheckChangeKind, MetricDelta, NumericDelta } from './types.js';

export const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

export function numericDelta(a: number | null, b: number | null): NumericDelta {
  return { a, b, delta: a !== null && b !== null ? b - a : null };
}

export const totalTokens = (r: Result): number => r.tokens.prompt + r.tokens.completion;

/** Mean turns, tokens (prompt + completion) and wall time of each side's repeats. */
export function usageDeltas(a: Result[], b: Result[]): { turns: NumericDelta; tokens: NumericDelta; ms: NumericDelta } {
  return {
    turns: numericDelta(mean(a.map((r) => r.turns)), mean(b.map((r) => r.turns))),
    tokens: numericDelta(mean(a.map(totalTokens)), mean(b.map(totalTokens))),
    ms: numericDelta(mean(a.map((r) => r.duration_ms)), mean(b.map((r) => r.duration_ms))),
  };
}

/**
 * Per metric criterion: mean score over each side's repeats, the delta, thresholds, whether the mean
 * meets the threshold, and the judge's reasoning on the repeats that were diffed (`repA`, `repB`).
 */
export function metricDeltas(a: Result[], b: Result[], repA?: Result, repB?: Result): MetricDelta[] {
  const criteria: string[] = [];
  for (const r of [...a, ...b])
    for (const m of r.metrics) if (!criteria.includes(m.criterion)) criteria.push(m.criterion);
  return criteria.map((criterion) => {
    const side = (rs: Result[], rep?: Result) => {
      const ms = rs.flatMap((r) => r.metrics.filter((m) => m.criterion === criterion));
      const score = mean(ms.map((m) => m.score));
      const threshold = ms.length ? ms[0].threshold : null;
      const reasoning =
        (rep ?? rs[0])?.metrics.find((m) => m.criterion === criterion)?.reasoning ?? ms[0]?.reasoning ?? null;
      return { score, threshold, passed: score !== null && threshold !== null ? score >= threshold : null, reasoning };
    };
    const x = side(a, repA);
    const y = side(b, repB);
    return {
      criterion,
      score_a: x.score,
      score_b: y.score,
      delta: x.score !== null && y.score !== null ? y.score - x.score : null,
      threshold_a: x.threshold,
      threshold_b: y.threshold,
      passed_a: x.passed,
      passed_b: y.passed,
      reasoning_a: x.reasoning,
      reasoning_b: y.reasoning,
    };
  });
}

const checkKey = (c: CheckResult) => `${c.kind}\u0000${c.target}`;

function checkKind(a: boolean | null, b: boolean | null): CheckChangeKind {
  if (a === null) return 'added';
  if (b === null) return 'removed';
  if (a === b) return 'same';
  return b ? 'fixed' : 'broken';
}

/**
 * Rules and assertions of the two sides matched by kind + target. A check with repeats counts as
 * passed on a side only when it passed on every repeat.
 */
export function checkChanges(a: Result[], b: Result[]): CheckChange[] {
  const out: CheckChange[] = [];
  for (const group of ['rule', 'assertion'] as const) {
    const pick = (r: Result) => (group === 'rule' ? r.rules : r.assertions);
    const keys: string[] = [];
    const first = new Map<string, CheckResult>();
    for (const r of [...a, ...b])
      for (const c of pick(r)) {
        const k = checkKey(c);
        if (!first.has(k)) {
          first.set(k, c);
          keys.push(k);
        }
      }
    for (const k of keys) {
      const side = (rs: Result[]) => {
        const cs = rs.flatMap((r) => pick(r).filter((c) => checkKey(c) === k));
        if (!cs.length) return { passed: null, message: null };
        const failed = cs.find((c) => !c.passed);
        return { passed: !failed, message: (failed ?? cs[0]).message || null };
      };
      const x = side(a);
      const y = side(b);
      const c = first.get(k)!;
      out.push({
        group,
        kind: c.kind,
        target: c.target,
        passed_a: x.passed,
        passed_b: y.passed,
        change: checkKind(x.passed, y.passed),
        message_a: x.message,
        message_b: y.message,
      });
    }
  }
  return out;
}

/** The most common value (first seen wins a tie); null for an empty list. */
export function mode<T>(xs: T[]): T | null {
  const counts = new Map<T, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let best: T | null = null;
  let n = 0;
  for (const [x, c] of counts)
    if (c > n) {
      best = x;
      n = c;
    }
  return best;
}
