/**
 * How a fix did (pure): the failing tests before and after (Fisher's exact test on the pass counts,
 * the same test compare uses), the rest of the suite against the run the fix started from (compare's
 * classification: a pass that turns into a fail is a regression), and the iteration's outcome.
 */
import type {
  IterationOutcome,
  PassCount,
  Result,
  SuiteCheck,
  TargetVerdict,
  TestChange,
} from '../../../src-shared/schemas/index.js';
import { fisherExact } from '../../compare/fisher.js';
import { classifyChange, sideOutcome } from '../../compare/outcome.js';
import { pairResults } from '../../compare/pair.js';

/** Significance level of "the pass rate rose by more than noise". */
export const FIX_ALPHA = 0.05;

/** Passed of the judged conversations (an imported one or one whose caller broke character has no verdict). */
export function passCount(results: Result[]): PassCount {
  const judged = results.filter((r) => r.status !== 'imported' && !r.caller_invalid);
  return { k: judged.filter((r) => r.status === 'pass').length, n: judged.length };
}

export const addCounts = (a: PassCount, b: PassCount): PassCount => ({ k: a.k + b.k, n: a.n + b.n });

const rate = (c: PassCount) => (c.n ? c.k / c.n : null);

/** One failing test before (pooled baseline) and after (the re-run on the new version). */
export function targetVerdict(test: string, before: PassCount, after: PassCount, alpha = FIX_ALPHA): TargetVerdict {
  const p = before.n && after.n ? fisherExact(before.k, before.n - before.k, after.k, after.n - after.k) : null;
  const a = rate(before);
  const b = rate(after);
  let change: TargetVerdict['change'] = 'same';
  if (a !== null && b !== null && b > a) change = p !== null && p < alpha ? 'improved' : 'better';
  else if (a !== null && b !== null && b < a) change = 'worse';
  return { test, before, after, p, change, all_passed: after.n > 0 && after.k === after.n };
}

/** Results of one test by name. */
export const ofTest = (results: Result[], test: string): Result[] => results.filter((r) => r.test === test);

/**
 * The suite check: every test of the new run against the same test of the starting run. A test
 * that regressed (significantly, or flipped from pass to fail without repeats) is a regression.
 */
export function suiteCheck(runId: string, start: Result[], after: Result[], minPassRate = 1): SuiteCheck {
  const names = new Set(after.map((r) => r.test));
  const tests: TestChange[] = pairResults(
    start.filter((r) => names.has(r.test)),
    after,
  ).map((pair) => {
    const v = classifyChange(sideOutcome(pair.a, minPassRate), sideOutcome(pair.b, minPassRate), FIX_ALPHA);
    return { test: pair.test, before: passCount(pair.a), after: passCount(pair.b), change: v.change, p: v.p };
  });
  const regressions = tests
    .filter((t) => t.change === 'regressed' && (t.p === null || t.p < FIX_ALPHA))
    .map((t) => t.test);
  return { run_id: runId, skipped: null, tests, regressions };
}

export const skippedCheck = (why: string): SuiteCheck => ({ run_id: null, skipped: why, tests: [], regressions: [] });

/**
 * The outcome of an iteration: a regression anywhere rejects it; every failing test passing every
 * time is `all_pass`; one that rose by more than noise is `improved`; anything else is `no_change`.
 */
export function iterationOutcome(targets: TargetVerdict[], suite: SuiteCheck | null): IterationOutcome {
  if (suite?.regressions.length || targets.some((t) => t.change === 'worse' && t.p !== null && t.p < FIX_ALPHA))
    return 'regressed';
  if (targets.length && targets.every((t) => t.all_passed)) return 'all_pass';
  if (targets.some((t) => t.change === 'improved')) return 'improved';
  return 'no_change';
}

/** An accepted iteration's version becomes the base of the next. */
export const accepted = (o: IterationOutcome | null): boolean => o === 'improved' || o === 'all_pass';

/** Did an iteration reach what the auto-fix waits for? */
export function reached(
  until: 'improved' | 'all-pass',
  it: { outcome: IterationOutcome | null; targets: TargetVerdict[] },
): boolean {
  if (until === 'all-pass') return it.outcome === 'all_pass';
  return accepted(it.outcome) && it.targets.some((t) => t.change === 'improved');
}
