import { wilson } from '../../../src-shared/stats/index.js';
import type { CheckResult, MetricResult, Result, ResultStatus, TestSuite } from '../../../src-shared/schemas/index.js';

/**
 * A conversation passes when it had no error, every rule and assertion holds, and every metric
 * meets its threshold (seed 001 pass/fail logic). A test run N times passes when its pass rate
 * reaches the suite's `min_pass_rate` (default 1: every repeat must pass).
 */
export function conversationStatus(r: {
  error: string | null;
  rules: CheckResult[];
  assertions: CheckResult[];
  metrics: MetricResult[];
}): ResultStatus {
  if (r.error) return 'error';
  const ok =
    r.rules.every((c) => c.passed) &&
    r.assertions.every((c) => c.passed) &&
    r.metrics.every((m) => m.score >= m.threshold);
  return ok ? 'pass' : 'fail';
}

export interface TestOutcome {
  test: string;
  test_index: number;
  runs: number;
  passed: number;
  failed: number;
  errored: number;
  /** passed / runs (0 when nothing ran). */
  pass_rate: number;
  /** 95% Wilson interval of pass_rate. */
  pass_interval: { low: number; high: number };
  min_pass_rate: number;
  /** pass_rate >= min_pass_rate (and at least one run). */
  ok: boolean;
}

export function summarizeTests(
  results: Pick<Result, 'test' | 'test_index' | 'status'>[],
  suite?: Pick<TestSuite, 'min_pass_rate'>,
): TestOutcome[] {
  const min = suite?.min_pass_rate ?? 1;
  const by = new Map<number, TestOutcome>();
  for (const r of results) {
    let o = by.get(r.test_index);
    if (!o) {
      o = {
        test: r.test,
        test_index: r.test_index,
        runs: 0,
        passed: 0,
        failed: 0,
        errored: 0,
        pass_rate: 0,
        pass_interval: { low: 0, high: 1 },
        min_pass_rate: min,
        ok: false,
      };
      by.set(r.test_index, o);
    }
    o.runs++;
    if (r.status === 'pass' || r.status === 'imported') o.passed++;
    else if (r.status === 'error') o.errored++;
    else o.failed++;
  }
  const out = [...by.values()].sort((a, b) => a.test_index - b.test_index);
  for (const o of out) {
    o.pass_rate = o.runs ? o.passed / o.runs : 0;
    const w = wilson(o.passed, o.runs);
    o.pass_interval = { low: w.low, high: w.high };
    o.ok = o.runs > 0 && o.pass_rate + 1e-9 >= o.min_pass_rate;
  }
  return out;
}

/** Every test reached its pass rate. */
export const allTestsOk = (outcomes: TestOutcome[]): boolean => outcomes.every((o) => o.ok);
