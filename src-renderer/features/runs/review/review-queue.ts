import type { HumanLabel, Result } from '../../../../src-shared/schemas/index.js';

/** One metric verdict of a run, with its human label when it has one (the review queue's rows). */
export interface ReviewItem {
  key: string;
  result_id: string;
  test: string;
  repeat: number;
  criterion: string;
  judge_passed: boolean;
  score: number;
  threshold: number;
  reasoning: string;
  label: HumanLabel | null;
}

export const REVIEW_FILTERS = {
  'unreviewed-failures': 'Unreviewed failures',
  unreviewed: 'Unreviewed',
  disagreements: 'Disagreements with the judge',
  all: 'All verdicts',
} as const;
export type ReviewFilter = keyof typeof REVIEW_FILTERS;

export const itemKey = (resultId: string, criterion: string) => `${resultId}\u0000${criterion}`;

/** Every metric verdict of the run in result order, each with its label. */
export function reviewItems(results: Result[], labels: HumanLabel[]): ReviewItem[] {
  const byKey = new Map(labels.map((l) => [itemKey(l.result_id, l.criterion), l]));
  return results.flatMap((r) =>
    r.metrics.map((m) => ({
      key: itemKey(r.id, m.criterion),
      result_id: r.id,
      test: r.test,
      repeat: r.repeat,
      criterion: m.criterion,
      judge_passed: m.passed,
      score: m.score,
      threshold: m.threshold,
      reasoning: m.reasoning,
      label: byKey.get(itemKey(r.id, m.criterion)) ?? null,
    })),
  );
}

export const disagrees = (i: ReviewItem) => !!i.label && i.label.human_passed !== i.judge_passed;

export function filterItems(items: ReviewItem[], filter: ReviewFilter): ReviewItem[] {
  switch (filter) {
    case 'unreviewed-failures':
      return items.filter((i) => !i.label && !i.judge_passed);
    case 'unreviewed':
      return items.filter((i) => !i.label);
    case 'disagreements':
      return items.filter(disagrees);
    default:
      return items;
  }
}

/**
 * The item to show after `current` is labelled: the next one in the list that is not `current`
 * (wrapping to the one before when it was the last), or null when the list has nothing else.
 */
export function nextKey(list: ReviewItem[], current: string): string | null {
  const i = list.findIndex((x) => x.key === current);
  if (i < 0) return list[0]?.key ?? null;
  return list[i + 1]?.key ?? list[i - 1]?.key ?? null;
}

/** What a key does in the review queue (its keyboard contract), or null for a key it leaves alone. */
export type ReviewKeyAction = 'next' | 'previous' | 'right' | 'wrong' | 'pass' | 'fail' | 'note' | 'clear' | 'open';
const KEY_ACTIONS: Record<string, ReviewKeyAction> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  y: 'right',
  n: 'wrong',
  p: 'pass',
  f: 'fail',
  Enter: 'note',
  u: 'clear',
  o: 'open',
};
export const reviewKeyAction = (key: string): ReviewKeyAction | null => KEY_ACTIONS[key] ?? null;

/** The label a verdict key sets: the judge right or wrong, or the human verdict. */
export type VerdictPatch = { human_passed: boolean } | { judge: 'right' | 'wrong' };
export const VERDICT_OF: Partial<Record<ReviewKeyAction, VerdictPatch>> = {
  right: { judge: 'right' },
  wrong: { judge: 'wrong' },
  pass: { human_passed: true },
  fail: { human_passed: false },
};

/**
 * Saving a typed note (Enter in the note field): on a labelled verdict it is stored with the label it
 * has; on an unreviewed one there is nothing to store it with yet, so it is kept and goes with the
 * verdict set next (the keys typed into the note never label anything).
 */
export function noteSave(item: ReviewItem): { kind: 'save'; verdict: VerdictPatch } | { kind: 'keep' } {
  const l = item.label;
  if (!l) return { kind: 'keep' };
  return { kind: 'save', verdict: l.marked ? { judge: l.marked } : { human_passed: l.human_passed } };
}

/**
 * The `labels.set` input of a verdict. `note`: the note typed (or kept for this item), stored as given (''
 * clears it); absent, the label keeps the note it has.
 */
export function labelInput(item: ReviewItem, verdict: VerdictPatch, reviewer: string, note?: string | null) {
  return {
    result_id: item.result_id,
    criterion: item.criterion,
    reviewer: reviewer.trim(),
    ...verdict,
    ...(note !== undefined && note !== null ? { note } : {}),
  };
}
