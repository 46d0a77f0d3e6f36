import type { Result, ResultStatus } from '../../src-shared/schemas/index.js';
import { fisherExact } from './fisher.js';
import type { ChangeKind, SideOutcome } from './types.js';

/**
 * One side's outcome over its repeats. `minPassRate` (the suite's min_pass_rate, default 1) decides
 * whether a test with repeats counts as passed. A result of status `imported`, or one whose simulated
 * caller broke character (`caller_invalid`), has no verdict.
 */
export function sideOutcome(results: Result[], minPassRate = 1): SideOutcome {
  if (results.length === 0) return { status: null, repeats: 0, judged: 0, passed: 0, pass_rate: null, mixed: false };
  // an invalid caller (it broke character) tested nothing about the agent: no verdict to compare
  const judged = results.filter((r) => r.status !== 'imported' && !r.caller_invalid);
  if (judged.length === 0)
    return { status: 'imported', repeats: results.length, judged: 0, passed: 0, pass_rate: null, mixed: false };
  const passed = judged.filter((r) => r.status === 'pass').length;
  const rate = passed / judged.length;
  let status: ResultStatus;
  if (rate >= minPassRate && passed > 0) status = 'pass';
  else if (judged.every((r) => r.status === 'error')) status = 'error';
  else status = 'fail';
  return {
    status,
    repeats: results.length,
    judged: judged.length,
    passed,
    pass_rate: rate,
    mixed: passed > 0 && passed < judged.length,
  };
}

export interface ChangeVerdict {
  change: ChangeKind;
  significant: boolean | null;
  p: number | null;
}

const isPass = (s: ResultStatus | null) => s === 'pass';

/**
 * How a test changed. Without repeats (one conversation a side) a flip is a regression or an
 * improvement and significance is unknown (null). With repeats on either side, Fisher's exact test on
 * the pass counts decides: a significant drop is a regression (even when both aggregates fail), a
 * significant rise an improvement, an insignificant flip of the aggregate status is `noise`, and mixed
 * repeats without a flip are `flaky`.
 */
export function classifyChange(a: SideOutcome, b: SideOutcome, alpha = 0.05): ChangeVerdict {
  if (a.repeats === 0 && b.repeats === 0) return { change: 'same', significant: null, p: null };
  if (a.repeats === 0) return { change: 'new', significant: null, p: null };
  if (b.repeats === 0) return { change: 'removed', significant: null, p: null };
  // Imported (unjudged) results have no pass/fail to compare.
  if (a.pass_rate === null || b.pass_rate === null) return { change: 'same', significant: null, p: null };
  const judgedA = a.judged;
  const judgedB = b.judged;
  const flipped = isPass(a.status) !== isPass(b.status);
  if (judgedA <= 1 && judgedB <= 1) {
    if (!flipped) return { change: 'same', significant: null, p: null };
    return { change: isPass(b.status) ? 'improved' : 'regressed', significant: null, p: null };
  }
  const p = fisherExact(a.passed, judgedA - a.passed, b.passed, judgedB - b.passed);
  const significant = p < alpha;
  if (significant && b.pass_rate < a.pass_rate) return { change: 'regressed', significant, p };
  if (significant && b.pass_rate > a.pass_rate) return { change: 'improved', significant, p };
  if (flipped) return { change: 'noise', significant, p };
  if (a.mixed || b.mixed) return { change: 'flaky', significant, p };
  return { change: 'same', significant, p };
}
