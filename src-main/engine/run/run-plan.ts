import type { RunOptions, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';
import { DEFAULT_MAX_TURNS } from '../conversation/conversation.js';
import { EngineInputError } from '../errors.js';

export interface PlannedConversation {
  test: TestCase;
  /** Index of the test in the whole suite (stable across `--test` filters and resumes). */
  test_index: number;
  repeat: number;
  maxTurns: number;
}

/** A plan that cannot be made: an unknown test or persona, a cap exceeded (`path` names the option). */
export class PlanError extends EngineInputError {
  constructor(message: string, path = 'options.tests') {
    super(message, path);
    this.name = 'PlanError';
  }
}

/** A run's plan: counted up front, drawn lazily (a run of a million conversations is never held in memory). */
export interface RunPlan {
  /** Conversations in the whole run, the finished ones included. */
  total: number;
  /** Conversations still to run. */
  remaining: number;
  /** The tests the plan runs (each once, whatever its repeats), in suite order. */
  tests: { test: TestCase; test_index: number }[];
  /** The conversations still to run, in order (a fresh iterator on every call). */
  items(): Iterable<PlannedConversation>;
}

/**
 * Every (test, repeat) pair the run holds, in order. Repeats: the run option, else the test's,
 * else 1. Max turns: the run option, else the test's, else the suite default, else 20.
 * `options.tests` selects tests by name (each name must exist). Pairs in `finished` are skipped.
 * `options.shard` keeps every count-th conversation of that order (conversation k belongs to shard
 * k mod count + 1), so shards are disjoint, cover the plan, and differ in size by at most one.
 */
export function makePlan(
  suite: TestSuite,
  options: Partial<RunOptions>,
  finished: ReadonlySet<string> = new Set(),
): RunPlan {
  const names = options.tests?.length ? new Set(options.tests) : undefined;
  if (names) {
    const known = new Set(suite.tests.map((t) => t.name));
    const unknown = [...names].filter((n) => !known.has(n));
    if (unknown.length)
      throw new PlanError(
        `no test named ${unknown.map((n) => `"${n}"`).join(', ')} in suite "${suite.name}" (tests: ${suite.tests.map((t) => t.name).join(', ')})`,
      );
  }
  const chosen = suite.tests
    .map((test, test_index) => ({
      test,
      test_index,
      repeats: options.repeats ?? test.repeats ?? 1,
      maxTurns: options.max_turns ?? test.max_turns ?? suite.default_max_turns ?? DEFAULT_MAX_TURNS,
    }))
    .filter((c) => !names || names.has(c.test.name));
  // each test's first ordinal in the whole (unsharded) order
  const offsets = new Map<number, number>();
  let all = 0;
  for (const c of chosen) {
    offsets.set(c.test_index, all);
    all += c.repeats;
  }
  const shard = options.shard;
  const inShard = (ordinal: number) => !shard || ordinal % shard.count === shard.index - 1;
  const total = shard ? Math.max(0, Math.ceil((all - (shard.index - 1)) / shard.count)) : all;
  let done = 0;
  for (const key of finished) {
    const [i, r] = key.split(':').map(Number);
    const c = chosen.find((x) => x.test_index === i);
    if (c && r < c.repeats && inShard(offsets.get(i)! + r)) done++;
  }
  return {
    total,
    remaining: total - done,
    tests: chosen
      .filter(
        (c) =>
          !shard || Array.from({ length: c.repeats }, (_, r) => inShard(offsets.get(c.test_index)! + r)).some(Boolean),
      )
      .map(({ test, test_index }) => ({ test, test_index })),
    *items() {
      for (const { test, test_index, repeats, maxTurns } of chosen) {
        const offset = offsets.get(test_index)!;
        for (let repeat = 0; repeat < repeats; repeat++) {
          if (!inShard(offset + repeat) || finished.has(`${test_index}:${repeat}`)) continue;
          yield { test, test_index, repeat, maxTurns };
        }
      }
    },
  };
}

/** The plan as a list (for tests and small previews; runs draw `makePlan(...).items()` lazily). */
export function planRun(
  suite: TestSuite,
  options: Partial<RunOptions>,
  finished: ReadonlySet<string> = new Set(),
): PlannedConversation[] {
  return [...makePlan(suite, options, finished).items()];
}
