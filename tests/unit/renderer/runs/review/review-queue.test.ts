import { describe, expect, it } from 'vitest';
import {
  filterItems,
  labelInput,
  nextKey,
  noteSave,
  reviewItems,
  reviewKeyAction,
  VERDICT_OF,
} from '../../../../../src-renderer/features/runs/review/review-queue.js';
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

describe('the queue keys and notes', () => {
  const item = (labelled: HumanLabel | null) => ({
    key: 'k',
    result_id: 'res_1',
    test: 't',
    repeat: 0,
    criterion: 'A',
    judge_passed: false,
    score: 0.2,
    threshold: 0.7,
    reasoning: '',
    label: labelled,
  });

  it('maps the documented keys to their actions and leaves every other key alone', () => {
    expect(['j', 'ArrowDown', 'k', 'y', 'n', 'p', 'f', 'Enter', 'u', 'o'].map(reviewKeyAction)).toEqual([
      'next',
      'next',
      'previous',
      'right',
      'wrong',
      'pass',
      'fail',
      'note',
      'clear',
      'open',
    ]);
    expect(reviewKeyAction('i')).toBeNull();
    expect(reviewKeyAction('e')).toBeNull();
    expect(VERDICT_OF.fail).toEqual({ human_passed: false });
  });

  it('keeps a note typed on an unreviewed verdict for the verdict set next, instead of refusing it', () => {
    expect(noteSave(item(null))).toEqual({ kind: 'keep' });
    const input = labelInput(item(null), { judge: 'right' }, ' ana ', 'fine');
    expect(input).toEqual({ result_id: 'res_1', criterion: 'A', reviewer: 'ana', judge: 'right', note: 'fine' });
  });

  it('saves a note on a labelled verdict with the label it has; no note given keeps the stored one', () => {
    const marked = { ...label('res_1', 'A', false), marked: 'right' as const, note: 'old' };
    expect(noteSave(item(marked))).toEqual({ kind: 'save', verdict: { judge: 'right' } });
    const human = label('res_1', 'A', true);
    expect(noteSave(item(human))).toEqual({ kind: 'save', verdict: { human_passed: true } });
    expect(labelInput(item(marked), { human_passed: true }, 'ana')).not.toHaveProperty('note');
    expect(labelInput(item(marked), { human_passed: true }, 'ana', '')).toHaveProperty('note', '');
  });
});
