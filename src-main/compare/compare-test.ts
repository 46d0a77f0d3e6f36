import type { Result, ResultStatus } from '../../src-shared/schemas/index.js';
import { diagnose } from './diagnose.js';
import { classifyChange, sideOutcome } from './outcome.js';
import { comparePaths } from './path-divergence.js';
import { checkChanges, metricDeltas, mode, usageDeltas } from './test-deltas.js';
import { diffTranscripts } from './transcript-diff.js';
import { turnQualityDeltas } from '../engine/judge/turn-quality.js';
import type { TestComparison, TestPair } from './types.js';

export interface CompareOptions {
  /** Significance level for Fisher's exact test (default 0.05). */
  alpha?: number;
  /** Minimum pass rate for a test with repeats to count as passed, per side (suite min_pass_rate; default 1). */
  minPassRateA?: number;
  minPassRateB?: number;
}

/** The repeat that stands for a side's outcome: the first whose status matches the aggregate status. */
function representative(results: Result[], status: ResultStatus | null): Result | undefined {
  if (!results.length) return undefined;
  const pass = status === 'pass';
  return results.find((r) => (r.status === 'pass') === pass) ?? results[0];
}

/** Everything that changed for one test between run A and run B. */
export function compareTest(pair: TestPair, opts: CompareOptions = {}): TestComparison {
  const oa = sideOutcome(pair.a, opts.minPassRateA ?? 1);
  const ob = sideOutcome(pair.b, opts.minPassRateB ?? 1);
  const verdict = classifyChange(oa, ob, opts.alpha ?? 0.05);
  // Same repeat numbers when both sides agree; otherwise a passing repeat vs a failing one.
  const repA = representative(pair.a, oa.status);
  let repB = representative(pair.b, ob.status);
  if (repA && repB && (repA.status === 'pass') === (repB.status === 'pass')) {
    const same = pair.b.find((r) => r.repeat === repA!.repeat && (r.status === 'pass') === (repA!.status === 'pass'));
    if (same) repB = same;
  }
  const paths = comparePaths(repA, repB);
  const endA = mode(pair.a.map((r) => r.end_reason));
  const endB = mode(pair.b.map((r) => r.end_reason));
  return {
    test: pair.test,
    test_index_a: pair.test_index_a,
    test_index_b: pair.test_index_b,
    status_a: oa.status,
    status_b: ob.status,
    change: verdict.change,
    significant: verdict.significant,
    p: verdict.p,
    repeats_a: oa.repeats,
    repeats_b: ob.repeats,
    pass_rate_a: oa.pass_rate,
    pass_rate_b: ob.pass_rate,
    metric_deltas: metricDeltas(pair.a, pair.b, repA, repB),
    check_changes: checkChanges(pair.a, pair.b),
    ...usageDeltas(pair.a, pair.b),
    end_reason_a: endA,
    end_reason_b: endB,
    end_reason_changed: endA !== null && endB !== null && endA !== endB,
    error_a: pair.a.find((r) => r.error)?.error ?? null,
    error_b: pair.b.find((r) => r.error)?.error ?? null,
    repeat_a: repA?.repeat ?? null,
    repeat_b: repB?.repeat ?? null,
    first_divergence: paths.first_divergence,
    nodes_only_a: repA && repB ? paths.only_a : [],
    nodes_only_b: repA && repB ? paths.only_b : [],
    transcript_diff: diffTranscripts(repA?.transcript ?? [], repB?.transcript ?? []),
    diagnosis: repB ? diagnose(repB) : [],
    turn_quality:
      repA?.turn_quality || repB?.turn_quality
        ? {
            mean_a: repA?.turn_quality?.mean ?? null,
            mean_b: repB?.turn_quality?.mean ?? null,
            turns: turnQualityDeltas(
              { turns: repA?.turn_quality?.turns ?? [] },
              { turns: repB?.turn_quality?.turns ?? [] },
            ),
          }
        : null,
  };
}
