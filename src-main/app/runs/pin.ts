import fs from 'node:fs';
import { TestSuite, type TestCaseInput } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../store/index.js';
import { AppError, invalid, notFound } from '../errors.js';
import { requireSuite } from '../refs/refs.js';
import { requireRun } from '../refs/resolve.js';
import { pinTurn, type PinnedTest } from './pin-turn.js';

export type { PinnedTest } from './pin-turn.js';

export interface PinRequest {
  run: string;
  result: string;
  /** The agent turn, numbered from 1 as on screen. */
  turn: number;
}

/** A stored agent turn as a checkpoint test (pin-turn.ts); nothing is written. */
export function pinStoredTurn(store: Store, req: PinRequest): PinnedTest {
  const run = requireRun(store, req.run, 'run');
  const r = store.results.get(req.result);
  if (!r || r.run_id !== run.id) throw notFound(`result ${JSON.stringify(req.result)} of run ${run.id}`, 'result');
  if (!Number.isInteger(req.turn) || req.turn < 1)
    throw invalid(`expected a turn number from 1 (as on screen), got ${req.turn}`, 'turn');
  const version = store.agents.getVersion(run.agent_version_id);
  if (!version) throw notFound(`agent version ${run.agent_version_id} of run ${run.id}`, 'run');
  const original = store.runs.suiteSnapshot(run.id)?.tests[r.test_index];
  return pinTurn(r, version.graph, original, req.turn, { run: run.id });
}

/** Adds a test to a stored suite (a name already there gets " (2)", " (3)"...); returns the suite and the name used. */
export function addToStoredSuite(store: Store, ref: string, test: TestCaseInput): { suite_id: string; name: string } {
  const suite = requireSuite(store, ref, 'suite');
  const name = freeName(suite.data.tests, test.name);
  const data = TestSuite.parse({ ...suite.data, tests: [...suite.data.tests, { ...test, name }] });
  store.suites.update(suite.id, data, suite.name);
  return { suite_id: suite.id, name };
}

function freeName(tests: { name: string }[], name: string): string {
  const taken = new Set(tests.map((t) => t.name));
  let n = 1;
  let out = name;
  while (taken.has(out)) out = `${name} (${++n})`;
  return out;
}

/**
 * Adds a test to a suite file (created when missing): a Parley suite `{"tests": [...]}` or a voicetest test
 * list. Another file is refused, unchanged. For the CLI only (files are the CLI's door).
 */
export function addToSuiteFile(file: string, test: TestCaseInput): { created: boolean; name: string } {
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, `${JSON.stringify({ name: 'pinned turns', tests: [test] }, null, 2)}\n`);
    return { created: true, name: test.name };
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw invalid(`${file}: not JSON (${(e as Error).message}); expected a suite {"tests": [...]}`, 'output');
  }
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as { tests?: unknown }).tests)
      ? (json as { tests: unknown[] }).tests
      : undefined;
  if (!list) throw invalid(`${file}: expected a suite {"tests": [...]} or a JSON array of tests`, 'output');
  const checked = TestSuite.safeParse({ tests: list });
  if (!checked.success) {
    const i = checked.error.issues[0];
    throw new AppError({
      code: 'invalid_input',
      message: `${file}: ${i.path.join('.')}: ${i.message}; the file is left unchanged`,
      path: 'output',
    });
  }
  const name = freeName(checked.data.tests, test.name);
  list.push({ ...test, name });
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return { created: false, name };
}
