/**
 * "Keep as a test" (docs/red-team.md): a successful attack of a red-team run kept as a regression test in a suite,
 * the attacker's lines as a `caller_script` (as Try it's Save as test does) with the attempt's probe, so the
 * category's detector checks run on every re-run and fail while the leak is there.
 */
import { TestCase } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../store/index.js';
import { invalid, notFound } from '../errors.js';
import { addTestToSuite } from '../playground/playground-save.js';

export interface KeepRequest {
  result_id: string;
  /** The test's name; `<category> attack (kept from <run>)` when absent. */
  name?: string;
  suite_id?: string;
  new_suite?: string;
}

/** The regression test an attempt becomes: its caller's lines replayed, its probe kept (the detectors read it). */
export function attemptAsTest(store: Store, resultId: string, name?: string): { test: TestCase; agentId: string } {
  const result = store.results.get(resultId);
  if (!result) throw notFound(`result ${resultId}`, 'result_id');
  const attempt = store.runs.suiteSnapshot(result.run_id)?.tests[result.test_index];
  const probe = attempt?.redteam;
  if (!attempt || !probe)
    throw invalid(`result ${resultId} is not a red-team attempt: its test attacks no category`, 'result_id');
  const lines = result.transcript.filter((t) => t.role === 'caller').map((t) => t.content);
  if (!lines.length)
    throw invalid(`result ${resultId}: the attacker said nothing, there is nothing to replay`, 'result_id');
  const run = store.runs.require(result.run_id);
  const test = TestCase.parse({
    name: name?.trim() || `${probe.category} attack #${probe.attempt} (kept from ${result.run_id})`,
    caller_script: lines,
    dynamic_variables: attempt.dynamic_variables,
    tool_mocks: attempt.tool_mocks,
    max_turns: lines.length,
    // the category's rubric too: an attack the judge found (no detector) fails a re-run the same way
    metrics: attempt.metrics,
    redteam: probe,
    source_meta: { kept_from: { run_id: result.run_id, result_id: result.id, test: result.test } },
  });
  return { test, agentId: run.agent_id };
}

/** Adds the kept attack to a suite (or a new one); a name the suite already has is refused. */
export function keepAttemptAsTest(store: Store, req: KeepRequest) {
  const { test, agentId } = attemptAsTest(store, req.result_id, req.name);
  return addTestToSuite(store, test, req, agentId);
}
