import { describe, expect, it } from 'vitest';
import { filterItems, nextKey, reviewItems } from '../../../../../src-renderer/features/runs/review/review-queue.js';
import type { HumanLabel, MetricResult } from '../../../../../src-shared/schemas/index.js';
import { parsedResult } from '../../../../support/results.js';

const m = (criterion: string, score: number): MetricResult => ({
  criterion,
  score,
  threshold: 0.7,
  passed: score >= 0.7,
  reasoning: '',
});
const label = (result_id: string, criterion: string, human_passed: boolean): HumanLabel => ({
  id: 'l',
  run_id: 'run',
  result_id,
  test: 't',
  repeat: 0,
  criterion,
  human_passed,
  judge_passed: true,
  marked: null,
  note: '',
  reviewer: 'ana',
  created_at: 'x',
  updated_at: 'x',
});

// r1: A fails (unreviewed), B passes (labelled fail: a disagreement); r2: A fails (labelled fail), B passes
const results = [
  parsedResult({ id: 'r1', metrics: [m('A', 0.2), m('B', 0.9)] }),
  parsedResult({ id: 'r2', test_index: 1, metrics: [m('A', 0.1), m('B', 0.8)] }),
];
const items = reviewItems(results, [label('r1', 'B', false), label('r2', 'A', false)]);
const keys = (xs: { result_id: string; criterion: string }[]) => xs.map((x) => `${x.result_id}/${x.criterion}`);

describe('review queue', () => {
  it('lists every verdict in result order with its label', () => {
    expect(keys(items)).toEqual(['r1/A', 'r1/B', 'r2/A', 'r2/B']);
    expect(items.map((i) => i.label?.human_passed ?? null)).toEqual([null, false, false, null]);
  });

  it('filters: unreviewed failures, unreviewed, disagreements with the judge, all', () => {
    expect(keys(filterItems(items, 'unreviewed-failures'))).toEqual(['r1/A']);
    expect(keys(filterItems(items, 'unreviewed'))).toEqual(['r1/A', 'r2/B']);
    expect(keys(filterItems(items, 'disagreements'))).toEqual(['r1/B']);
    expect(filterItems(items, 'all')).toHaveLength(4);
  });

  it('moves to the next verdict after a label, to the one before at the end, nowhere when alone', () => {
    expect(nextKey(items, items[1].key)).toBe(items[2].key);
    expect(nextKey(items, items[3].key)).toBe(items[2].key);
    expect(nextKey([items[0]], items[0].key)).toBeNull();
    expect(nextKey(items, 'gone')).toBe(items[0].key);
  });
});
