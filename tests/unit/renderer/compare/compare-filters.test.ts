import { describe, expect, it } from 'vitest';
import type { TestComparison } from '../../../../src-shared/contract/runs.js';
import {
  changeNoun,
  kindClass,
  largestDrop,
  filterCounts,
  filterTests,
  parseFilter,
  parseKind,
  parseRuns,
  signed,
  testKeyOf,
  tone,
} from '../../../../src-renderer/features/compare/compare-filters.js';

const tc = (p: Partial<TestComparison>): TestComparison => ({
  test: 't',
  test_index_a: 0,
  test_index_b: 0,
  status_a: 'pass',
  status_b: 'pass',
  change: 'same',
  significant: null,
  p: null,
  repeats_a: 1,
  repeats_b: 1,
  pass_rate_a: 1,
  pass_rate_b: 1,
  metric_deltas: [],
  check_changes: [],
  turns: { a: 2, b: 2, delta: 0 },
  tokens: { a: 1, b: 1, delta: 0 },
  ms: { a: 1, b: 1, delta: 0 },
  end_reason_a: 'caller_done',
  end_reason_b: 'caller_done',
  end_reason_changed: false,
  error_a: null,
  error_b: null,
  repeat_a: 0,
  repeat_b: 0,
  first_divergence: null,
  nodes_only_a: [],
  nodes_only_b: [],
  transcript_diff: [],
  diagnosis: [],
  turn_quality: null,
  ...p,
});

describe('compare filters', () => {
  const tests = [
    tc({ test: 'regressed', status_b: 'fail', change: 'regressed' }),
    tc({ test: 'errored', status_a: 'error', status_b: 'error', error_b: 'model timed out' }),
    tc({ test: 'same' }),
    tc({ test: 'improved', status_a: 'fail', change: 'improved' }),
  ];

  it('filters failures, changes and errors', () => {
    expect(filterTests(tests, 'failures').map((t) => t.test)).toEqual(['regressed', 'errored', 'improved']);
    expect(filterTests(tests, 'changed').map((t) => t.test)).toEqual(['regressed', 'improved']);
    expect(filterTests(tests, 'errors').map((t) => t.test)).toEqual(['errored']);
    expect(filterTests(tests, 'all')).toHaveLength(4);
    expect(filterTests(tests, 'all', 'improved').map((t) => t.test)).toEqual(['improved']);
    expect(filterCounts(tests)).toEqual({ all: 4, failures: 3, changed: 2, errors: 1 });
  });

  it('reads its state from the address, ignoring what it does not know', () => {
    expect(parseRuns('a, b,,a,c')).toEqual(['a', 'b', 'c']);
    expect(parseRuns(null)).toEqual([]);
    expect(parseFilter('changed')).toBe('changed');
    expect(parseFilter('nonsense')).toBe('all');
    expect(parseKind('flaky')).toBe('flaky');
    expect(parseKind('x')).toBeNull();
    expect(testKeyOf(tc({ test: 'x', test_index_a: 2, test_index_b: null }))).toBe('2::x');
  });

  it('signs deltas and tells good from bad by direction', () => {
    expect(signed(0.125, (x) => x.toFixed(2))).toBe('+0.13');
    expect(signed(-3, String)).toBe('−3');
    expect(signed(0, String)).toBe('±0');
    expect(signed(null, String)).toBe('—');
    expect(tone(-0.1, true)).toBe('bad');
    expect(tone(-100, false)).toBe('good');
    expect(tone(0, true)).toBe('neutral');
  });
});

describe('change counts and the largest drop', () => {
  it('counts new and removed tests in the plural ("4 new tests", "1 new test")', () => {
    expect(changeNoun('new', 4)).toBe('new tests');
    expect(changeNoun('new', 1)).toBe('new test');
    expect(changeNoun('removed', 2)).toBe('removed tests');
    expect(changeNoun('regressed', 2)).toBe('regressed');
  });
  it('says nothing dropped instead of "±0.00 (+2)" when no metric went down', () => {
    const same = [
      { criterion: 'a', delta: 0 },
      { criterion: 'b', delta: 0 },
      { criterion: 'c', delta: 0.1 },
    ];
    expect(largestDrop(same)).toEqual({ dropped: false, metrics: 3 });
  });
  it('names the largest drop and how many other metrics there are', () => {
    const r = largestDrop([
      { criterion: 'a', delta: -0.1 },
      { criterion: 'b', delta: -0.3 },
      { criterion: 'c', delta: null },
    ]);
    expect(r).toEqual({ dropped: true, criterion: 'b', delta: -0.3, others: 1 });
    expect(largestDrop([{ criterion: 'a', delta: null }])).toBeNull();
  });
});

describe('kindClass', () => {
  it('draws regressed and improved without colour when the judge changed, every other kind as it is', () => {
    expect(kindClass('regressed', true)).toBe('uncoloured');
    expect(kindClass('improved', true)).toBe('uncoloured');
    expect(kindClass('noise', true)).toBe('noise');
    expect(kindClass('regressed', false)).toBe('regressed');
    expect(kindClass('improved', undefined)).toBe('improved');
  });
});
