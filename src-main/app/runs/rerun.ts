/**
 * A rerun (`parley rerun RUN --failed | --test NAME...`, the run page's "Rerun failed" and "Rerun selected"):
 * a new run of some of a finished run's tests with the same agent version, models and options, from the copy
 * of the suite kept with the run, naming the run it came from (source_run).
 */
import type { Run, RunOptions } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../store/index.js';
import { conflict, invalid } from '../errors.js';
import { requireRun } from '../refs/resolve.js';
import { suiteSnapshotOfRun } from '../refs/refs.js';
import { storedRunModels, storedRunSpeech, type StoredSpecUse } from './stored-specs.js';
import type { RunSuite } from '../../engine/index.js';
import type { RunModelSpecs } from '../models/preflight.js';

/** What RunService.start takes for a rerun (its StartRequest), with the tests chosen. */
export interface RerunStart {
  agent: string;
  agent_version: string;
  suite: RunSuite;
  models: RunModelSpecs;
  options: Partial<RunOptions>;
  source_run: string;
  tests: string[];
}

export interface RerunSelection {
  /** The tests with a failed or errored conversation (a cancelled one included). */
  failed?: boolean;
  /** These tests, by name. */
  tests?: string[];
}

const RERUN_USE: StoredSpecUse = {
  path: 'id',
  choose: "a rerun uses the run's own models and speech engines: start a new run with yours instead",
};

/** The tests of a run with at least one conversation that did not pass, in suite order. */
export function failedTests(store: Store, run: Run): string[] {
  const results = store.results.listByRun(run.id);
  const failed = new Set(results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.test));
  return [...new Set(results.sort((a, b) => a.test_index - b.test_index).map((r) => r.test))].filter((t) =>
    failed.has(t),
  );
}

/** The start request of a rerun; refused (with the field) before anything is written. */
export function rerunRequest(store: Store, id: string, sel: RerunSelection, running: boolean): RerunStart {
  const run = requireRun(store, id, 'id');
  if (running || run.status === 'running' || run.status === 'queued')
    throw conflict(`run ${id} is still running: rerun it when it has finished (or cancel it first)`);
  if (run.kind !== 'simulated')
    throw invalid(
      `run ${id} is ${run.kind === 'imported' ? 'a set of imported calls' : 'a replay'}: only a simulated run can be rerun`,
      'id',
    );
  if (sel.failed && sel.tests?.length) throw invalid('choose the failed tests or named tests, not both', 'tests');
  if (!sel.failed && !sel.tests?.length)
    throw invalid('choose which tests to rerun: the failed ones or named tests', 'tests');
  const suite = suiteSnapshotOfRun(store, id, 'id');
  const tests = sel.failed ? failedTests(store, run) : [...new Set(sel.tests)];
  if (!tests.length) throw invalid(`run ${id} has no failed tests: every conversation passed`, 'failed');
  const known = new Set(suite.data.tests.map((t) => t.name));
  const unknown = tests.filter((t) => !known.has(t));
  if (unknown.length)
    throw invalid(
      `run ${id} has no test named ${unknown.map((t) => `"${t}"`).join(', ')} (its tests: ${[...known].join(', ')})`,
      'tests',
    );
  const { agent, caller, judge } = storedRunModels(store, run, RERUN_USE);
  if (!agent) throw invalid(`run ${id} has no agent model recorded`, 'id');
  const speech = storedRunSpeech(store, run, RERUN_USE);
  // the stored suite is already the persona matrix; a shard's or a merge's marks, and the project file the
  // source run read, are not this run's
  const {
    personas: _p,
    shard: _s,
    merged_from: _m,
    copied_from: _c,
    tests: _t,
    speech: _sp,
    project_file: _pf,
    ...same
  } = run.options;
  const options: Partial<RunOptions> = { ...same, tests, ...(speech ? { speech } : {}) };
  return {
    agent: run.agent_id,
    agent_version: run.agent_version_id,
    suite: { ...suite, id: run.suite_id && store.suites.get(run.suite_id) ? run.suite_id : null },
    models: { agent, caller, judge },
    options,
    source_run: id,
    tests,
  };
}
