import type { RunOptions, TestCase, TestSuite } from '../../src-shared/schemas/index.js';
import { DEFAULT_MAX_TURNS } from './conversation.js';

export interface PlannedConversation {
  test: TestCase;
  /** Index of the test in the whole suite (stable across `--test` filters and resumes). */
  test_index: number;
  repeat: number;
  maxTurns: number;
}

export class PlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanError';
  }
}

/**
 * Every (test, repeat) pair the run holds, in order. Repeats: the run option, else the test's,
 * else 1. Max turns: the run option, else the test's, else the suite default, else 20.
 * `options.tests` selects tests by name (each name must exist). Pairs in `finished` are skipped.
 */
export function planRun(
  suite: TestSuite,
  options: Partial<RunOptions>,
  finished: Set<string> = new Set(),
): PlannedConversation[] {
  const names = options.tests?.length ? new Set(options.tests) : undefined;
  if (names) {
    const known = new Set(suite.tests.map((t) => t.name));
    const unknown = [...names].filter((n) => !known.has(n));
    if (unknown.length)
      throw new PlanError(
        `no test named ${unknown.map((n) => `"${n}"`).join(', ')} in suite "${suite.name}" (tests: ${suite.tests.map((t) => t.name).join(', ')})`,
      );
  }
  const out: PlannedConversation[] = [];
  suite.tests.forEach((test, test_index) => {
    if (names && !names.has(test.name)) return;
    const repeats = options.repeats ?? test.repeats ?? 1;
    const maxTurns = options.max_turns ?? test.max_turns ?? suite.default_max_turns ?? DEFAULT_MAX_TURNS;
    for (let repeat = 0; repeat < repeats; repeat++) {
      if (finished.has(`${test_index}:${repeat}`)) continue;
      out.push({ test, test_index, repeat, maxTurns });
    }
  });
  return out;
}
