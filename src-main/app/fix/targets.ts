/**
 * What a diagnosis or a fix aims at, from a finished run: a failed result, a failed test, a failure
 * group or every failed test, with the conversations shown to the model (one failed result per test,
 * or a group's examples). Tests marked `holdout` are never among them. Every refusal names the input
 * it is about and changes nothing.
 */
import type { FailureGroup, FixSubject, Result, Run, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';
import { MAX_FIX_TARGETS, truncateForMessage } from '../../../src-shared/limits.js';
import type { RunSuite } from '../../engine/index.js';
import type { Store } from '../../store/index.js';
import { invalid, notFound } from '../errors.js';
import { GROUP_EXAMPLES } from '../../diagnosis/diagnose.js';

export interface FixTargets {
  /** The failing tests aimed at, in suite order. */
  tests: string[];
  /** The conversations the model reads: one failed result per test, or a group's examples. */
  evidence: Result[];
  /** Failed conversations of each test in the run. */
  failed: Map<string, number>;
  group?: { index: number; group: FailureGroup };
  /** The suite re-runs use: the stored suite as it is now, or the run's own copy when that suite is gone. */
  suite: RunSuite;
  suiteSource: 'suite' | 'snapshot';
  /** The tests of `suite` marked holdout. */
  holdout: string[];
  /** The test cases by name (for the caller's brief). */
  cases: Map<string, TestCase>;
}

const q = (s: string) => JSON.stringify(truncateForMessage(s));
const failed = (r: Result) => r.status === 'fail' || r.status === 'error';
const conversations = (n: number) => `${n} conversation${n === 1 ? '' : 's'}`;

/** The suite a fix re-runs: the stored suite when the run names one that still exists, else the run's copy. */
export function storedSuiteElseCopy(
  store: Store,
  run: Run,
): { suite: RunSuite; source: 'suite' | 'snapshot' } | undefined {
  const stored = run.suite_id ? store.suites.get(run.suite_id) : undefined;
  if (stored) return { suite: { id: stored.id, name: stored.name, data: stored.data }, source: 'suite' };
  const snapshot = store.runs.suiteSnapshot(run.id);
  return snapshot ? { suite: { id: null, name: run.suite_name, data: snapshot }, source: 'snapshot' } : undefined;
}

function pickTests(run: Run, results: Result[], subject: FixSubject, holdout: Set<string>): string[] {
  const chosen = [subject.result_id, subject.test, subject.group, subject.all].filter(
    (x) => x !== undefined && x !== false,
  );
  if (chosen.length > 1) throw invalid('choose one of a result, a test, a failure group or all failed tests', 'test');
  const failedTests = [...new Set(results.filter(failed).map((r) => r.test))];
  const open = failedTests.filter((t) => !holdout.has(t));
  if (!failedTests.length)
    throw invalid(
      `run ${run.id} passed every test (${conversations(results.length)}): there is nothing to diagnose`,
      'run_id',
    );
  if (subject.result_id !== undefined) {
    const r = results.find((x) => x.id === subject.result_id);
    if (!r) throw notFound(`result ${subject.result_id} in run ${run.id}`, 'result_id');
    if (!failed(r))
      throw invalid(
        `result ${r.id} (${q(r.test)}, repeat ${r.repeat + 1}) passed: there is nothing to diagnose`,
        'result_id',
      );
    return [r.test];
  }
  if (subject.test !== undefined) {
    const mine = results.filter((r) => r.test === subject.test);
    if (!mine.length)
      throw invalid(
        `no test named ${q(subject.test)} in run ${run.id} (its failed tests: ${failedTests.map(q).join(', ')})`,
        'test',
      );
    if (!mine.some(failed))
      throw invalid(
        `test ${q(subject.test)} passed in run ${run.id} (${mine.length} of ${mine.length}): there is nothing to fix`,
        'test',
      );
    return [subject.test];
  }
  if (subject.all) return open;
  if (open.length === 1) return open;
  throw invalid(
    `run ${run.id} has ${open.length} failed tests (${open.slice(0, 5).map(q).join(', ')}${open.length > 5 ? ', …' : ''}): choose one test, or all of them`,
    'test',
  );
}

function groupTargets(run: Run, index: number, results: Result[], holdout: Set<string>) {
  const groups = run.problems?.groups ?? [];
  if (!run.problems)
    throw invalid(`run ${run.id}'s failures are not grouped into problems yet: group them first`, 'group');
  if (index < 1 || index > groups.length)
    throw invalid(
      `run ${run.id} has ${groups.length} failure group${groups.length === 1 ? '' : 's'}; expected 1 to ${groups.length}`,
      'group',
    );
  const group = groups[index - 1];
  const ids = [...new Set(group.examples.map((e) => e.result_id))];
  const evidence = ids
    .map((id) => results.find((r) => r.id === id))
    .filter((r): r is Result => !!r && failed(r) && !holdout.has(r.test));
  if (!evidence.length)
    throw invalid(
      `failure group ${index} (${q(group.label)}) has no failed conversation of a test that is not held out`,
      'group',
    );
  return { group, evidence: evidence.slice(0, GROUP_EXAMPLES), tests: [...new Set(evidence.map((r) => r.test))] };
}

/** The targets of a diagnosis (`rerun`: false) or a fix (`rerun`: the tests must still be in the suite). */
export function fixTargets(store: Store, run: Run, subject: FixSubject, opts: { rerun: boolean }): FixTargets {
  const found = storedSuiteElseCopy(store, run);
  if (!found) throw invalid(`run ${run.id} has no stored suite to re-run its tests with`, 'run_id');
  const suite: TestSuite = found.suite.data;
  const holdout = new Set(suite.tests.filter((t) => t.holdout).map((t) => t.name));
  const results = store.results.listByRun(run.id);
  const asked = subject.test ?? results.find((r) => r.id === subject.result_id)?.test;
  if (asked !== undefined && holdout.has(asked))
    throw invalid(
      `test ${q(asked)} is a holdout test: it is never shown to the model that diagnoses, so it cannot be fixed directly`,
      subject.test !== undefined ? 'test' : 'result_id',
    );
  let tests: string[];
  let evidence: Result[];
  let group: FixTargets['group'];
  if (subject.group !== undefined) {
    if (!results.some(failed))
      throw invalid(
        `run ${run.id} passed every test (${conversations(results.length)}): there is nothing to diagnose`,
        'run_id',
      );
    const g = groupTargets(run, subject.group, results, holdout);
    ({ tests, evidence } = g);
    group = { index: subject.group, group: g.group };
  } else {
    tests = pickTests(run, results, subject, holdout);
    if (!tests.length)
      throw invalid(`run ${run.id}'s only failed tests are holdout tests: they are never diagnosed`, 'test');
    const byResult = subject.result_id ? results.find((r) => r.id === subject.result_id) : undefined;
    evidence = tests.map((t) => byResult ?? results.find((r) => r.test === t && failed(r))!);
  }
  if (tests.length > MAX_FIX_TARGETS)
    throw invalid(`${tests.length} failed tests; a fix aims at ${MAX_FIX_TARGETS} at most: choose one test`, 'test');
  const inSuite = new Set(suite.tests.map((t) => t.name));
  const gone = tests.filter((t) => !inSuite.has(t));
  if (opts.rerun && gone.length)
    throw invalid(
      `test ${q(gone[0])} is no longer in suite ${q(found.suite.name || suite.name)} (deleted after run ${run.id}): there is nothing to re-run; run the suite again and fix from that run`,
      'test',
    );
  const failedCount = new Map(tests.map((t) => [t, results.filter((r) => r.test === t && failed(r)).length]));
  return {
    tests,
    evidence,
    failed: failedCount,
    group,
    suite: found.suite,
    suiteSource: found.source,
    holdout: [...holdout],
    cases: new Map(suite.tests.map((t) => [t.name, t])),
  };
}
