import type { Result } from '../../src-shared/schemas/index.js';
import type { TestPair } from './types.js';

interface TestGroup {
  key: string;
  test: string;
  test_index: number;
  results: Result[];
}

/** Groups a run's results by test (test_index), repeats sorted, keyed by name when unique. */
export function groupByTest(results: Result[]): TestGroup[] {
  const byIndex = new Map<number, Result[]>();
  for (const r of results) {
    const list = byIndex.get(r.test_index) ?? [];
    list.push(r);
    byIndex.set(r.test_index, list);
  }
  const nameCount = new Map<string, number>();
  for (const list of byIndex.values()) nameCount.set(list[0].test, (nameCount.get(list[0].test) ?? 0) + 1);
  return [...byIndex.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([index, list]) => {
      const test = list[0].test;
      const unique = test.trim() !== '' && nameCount.get(test) === 1;
      return {
        key: unique ? test : `#${index} ${test}`,
        test,
        test_index: index,
        results: [...list].sort((x, y) => x.repeat - y.repeat),
      };
    });
}

/**
 * Pairs the results of two runs by test: by name where the name is unique in both runs, falling back
 * to the test index (for empty or repeated names). Tests only in A come out with `b: []` (removed),
 * only in B with `a: []` (new). Order: A's test order, then B's new tests.
 */
export function pairResults(a: Result[], b: Result[]): TestPair[] {
  const ga = groupByTest(a);
  const gb = groupByTest(b);
  const bByKey = new Map(gb.map((g) => [g.key, g]));
  const used = new Set<string>();
  const pairs: TestPair[] = [];
  for (const x of ga) {
    const y = bByKey.get(x.key);
    if (y) used.add(y.key);
    pairs.push({
      key: x.key,
      test: x.test,
      test_index_a: x.test_index,
      test_index_b: y?.test_index ?? null,
      a: x.results,
      b: y?.results ?? [],
    });
  }
  for (const y of gb) {
    if (!used.has(y.key))
      pairs.push({ key: y.key, test: y.test, test_index_a: null, test_index_b: y.test_index, a: [], b: y.results });
  }
  return pairs;
}

/** Repeats paired by repeat number (A's repeat r with B's repeat r); a missing side is undefined. */
export function pairRepeats(pair: TestPair): { repeat: number; a?: Result; b?: Result }[] {
  const repeats = new Set([...pair.a.map((r) => r.repeat), ...pair.b.map((r) => r.repeat)]);
  return [...repeats]
    .sort((x, y) => x - y)
    .map((repeat) => ({
      repeat,
      a: pair.a.find((r) => r.repeat === repeat),
      b: pair.b.find((r) => r.repeat === repeat),
    }));
}
