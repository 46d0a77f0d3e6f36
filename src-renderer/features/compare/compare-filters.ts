import type { ChangeKind, TestComparison } from '../../../src-shared/contract/runs.js';
import { noun } from '../../../src-shared/text/plural.js';

/** Compare page state in the hash query: `#/compare?runs=A,B[,C…]&filter=failures&test=<key>`. Pure: unit-tested. */

export const FILTERS = ['all', 'failures', 'changed', 'errors'] as const;
export type CompareFilter = (typeof FILTERS)[number];

export const parseRuns = (v: string | null): string[] => [
  ...new Set(
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
export const parseFilter = (v: string | null): CompareFilter =>
  (FILTERS as readonly string[]).includes(v ?? '') ? (v as CompareFilter) : 'all';
/** A change kind to show alone (from the counts at the top), or null. */
export const parseKind = (v: string | null): ChangeKind | null =>
  (['regressed', 'improved', 'noise', 'flaky', 'same', 'new', 'removed'] as const).find((k) => k === v) ?? null;

const failing = (s: string | null) => s === 'fail' || s === 'error';

export function matchesFilter(t: TestComparison, f: CompareFilter): boolean {
  switch (f) {
    case 'failures':
      return failing(t.status_a) || failing(t.status_b);
    case 'changed':
      return t.change !== 'same';
    case 'errors':
      return t.status_a === 'error' || t.status_b === 'error' || !!t.error_a || !!t.error_b;
    default:
      return true;
  }
}

export function filterTests(
  tests: TestComparison[],
  f: CompareFilter,
  kind: ChangeKind | null = null,
): TestComparison[] {
  return tests.filter((t) => matchesFilter(t, f) && (!kind || t.change === kind));
}

export function filterCounts(tests: TestComparison[]): Record<CompareFilter, number> {
  return Object.fromEntries(FILTERS.map((f) => [f, tests.filter((t) => matchesFilter(t, f)).length])) as Record<
    CompareFilter,
    number
  >;
}

/** Stable key of a compared test (name, or index when names repeat): used in the address. */
export const testKeyOf = (t: TestComparison) => `${t.test_index_a ?? ''}:${t.test_index_b ?? ''}:${t.test}`;

/** Label for a change kind as users read it. */
export const CHANGE_LABEL: Record<ChangeKind, string> = {
  regressed: 'regressed',
  improved: 'improved',
  noise: 'noise (not significant)',
  flaky: 'flaky',
  same: 'unchanged',
  new: 'new test',
  removed: 'removed test',
};

/**
 * The colour a change kind is drawn in (a `kind-*` class): regressed / improved are drawn `uncoloured` when the
 * judge changed (a pass rests on its verdicts: the change may be the judge's).
 */
export function kindClass(kind: ChangeKind, judgeChanged: boolean | undefined): string {
  return judgeChanged && (kind === 'regressed' || kind === 'improved') ? 'uncoloured' : kind;
}

/** The words after a count of one change kind: "new tests" for 4, "new test" for 1, "regressed" for any. */
export function changeNoun(kind: ChangeKind, n: number): string {
  return kind === 'new' || kind === 'removed' ? noun(n, CHANGE_LABEL[kind]) : CHANGE_LABEL[kind];
}

/**
 * The largest metric drop of a compared test, for the table's "Metric Δ (largest drop)" column: null when no
 * metric has a score on both sides, `{dropped: false}` when none went down (nothing to show as a drop).
 */
export function largestDrop(
  deltas: { criterion: string; delta: number | null }[],
): { dropped: false; metrics: number } | { dropped: true; criterion: string; delta: number; others: number } | null {
  const scored = deltas.filter((m): m is { criterion: string; delta: number } => m.delta !== null);
  if (!scored.length) return null;
  const worst = [...scored].sort((x, y) => x.delta - y.delta)[0];
  if (worst.delta >= -1e-9) return { dropped: false, metrics: scored.length };
  return { dropped: true, criterion: worst.criterion, delta: worst.delta, others: scored.length - 1 };
}

/** A delta with its sign, e.g. +12.5 pp, −340 tokens; null -> '—'. */
export function signed(n: number | null | undefined, fmt: (x: number) => string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  if (n === 0) return `±${fmt(0)}`;
  return `${n > 0 ? '+' : '−'}${fmt(Math.abs(n))}`;
}

/** Whether a delta is good, bad or neutral given which direction is better. */
export function tone(
  delta: number | null | undefined,
  higherIsBetter: boolean,
  epsilon = 1e-9,
): 'good' | 'bad' | 'neutral' {
  if (delta === null || delta === undefined || Math.abs(delta) <= epsilon) return 'neutral';
  return delta > 0 === higherIsBetter ? 'good' : 'bad';
}
