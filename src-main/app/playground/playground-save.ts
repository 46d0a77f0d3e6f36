/**
 * Keeping a Try-it conversation (docs/playground in README): "Save as test" turns the caller's lines into
 * a `caller_script` test (with the conversation's variables, tool mocks and start node) in a suite;
 * "Save as run" stores the conversation as a run of its agent version, like an imported call, so it can
 * be judged (Evaluate) and compared.
 */
import { TestCase, type Run, type TestSuite } from '../../../src-shared/schemas/index.js';
import type { InteractiveSession } from '../../engine/interactive/index.js';
import type { Store } from '../../store/index.js';
import { invalid, notFound } from '../errors.js';

export interface SaveTestRequest {
  /** The test's name (unique in the suite). */
  name: string;
  /** An existing suite; or `new_suite` to make one. */
  suite_id?: string;
  new_suite?: string;
}

const nowIso = () => new Date().toISOString();

/** The caller's lines of a conversation, in order (typed or spoken by the persona). */
function callerLines(session: InteractiveSession): string[] {
  return session
    .state()
    .transcript.filter((t) => t.role === 'caller')
    .map((t) => t.content);
}

/** The test a conversation becomes: its caller's lines replayed as a script, with what it was started with. */
export function conversationAsTest(session: InteractiveSession, name: string): TestCase {
  const lines = callerLines(session);
  if (!lines.length)
    throw invalid('the caller has not said anything yet: there is nothing to replay as a test', 'session_id');
  const { test, startNode } = session.setup();
  const state = session.state();
  return TestCase.parse({
    name,
    caller_script: lines,
    ...(state.end_reason === 'caller_done' ? { caller_script_ends_call: true } : {}),
    dynamic_variables: test.dynamic_variables,
    tool_mocks: test.tool_mocks,
    ...(startNode ? { start_node: startNode } : {}),
    max_turns: Math.max(lines.length, 1),
  });
}

/** Adds a test to a suite (or a new one for the agent); a name the suite already has is refused (Save as test, Keep as a test). */
export function addTestToSuite(
  store: Store,
  test: TestCase,
  req: Omit<SaveTestRequest, 'name'>,
  agentId: string,
): { suite_id: string; suite_name: string; test: TestCase } {
  if (!req.suite_id === !req.new_suite?.trim()) throw invalid('choose a suite or name a new one', 'suite_id');
  if (req.suite_id) {
    const doc = store.suites.get(req.suite_id);
    if (!doc) throw notFound(`suite ${req.suite_id}`, 'suite_id');
    if (doc.data.tests.some((t) => t.name === test.name))
      throw invalid(`suite "${doc.name}" already has a test named "${test.name}": choose another name`, 'name');
    const data: TestSuite = { ...doc.data, tests: [...doc.data.tests, test] };
    const saved = store.suites.update(doc.id, data, doc.name);
    return { suite_id: saved.id, suite_name: saved.name, test };
  }
  const suiteName = req.new_suite!.trim();
  const saved = store.suites.create({ name: suiteName, tests: [test] }, suiteName, { agent_id: agentId });
  return { suite_id: saved.id, suite_name: saved.name, test };
}

/** Adds the conversation as a test to a suite (or a new one); a name the suite already has is refused. */
export function saveConversationAsTest(
  store: Store,
  session: InteractiveSession,
  req: SaveTestRequest,
): { suite_id: string; suite_name: string; test: TestCase } {
  const name = req.name.trim();
  if (!name) throw invalid('give the test a name', 'name');
  if (!req.suite_id === !req.new_suite?.trim()) throw invalid('choose a suite or name a new one', 'suite_id');
  return addTestToSuite(store, conversationAsTest(session, name), req, session.state().agent_id);
}

/** Stores the conversation as an imported-style run of the agent version it talked to (one result). */
export function saveConversationAsRun(store: Store, session: InteractiveSession, name: string): Run {
  const state = session.state();
  if (!state.version_id)
    throw invalid(
      'this conversation was with an unsaved draft of the agent: save the agent first, then try it again to keep it as a run',
      'session_id',
    );
  if (!state.transcript.length)
    throw invalid('the conversation has no turns yet: there is nothing to keep', 'session_id');
  const label = name.trim() || 'Try it';
  const now = nowIso();
  return store.transaction(() => {
    const run = store.runs.create({
      kind: 'imported',
      status: 'running',
      agent_id: state.agent_id,
      agent_version_id: state.version_id!,
      agent_name: state.agent_name,
      suite_id: null,
      suite_name: `Try it: ${label}`,
      models: {},
      options: { concurrency: 1 },
    });
    store.results.insert({
      run_id: run.id,
      test: label,
      test_index: 0,
      repeat: 0,
      status: 'imported',
      end_reason: 'imported',
      turns: state.turns,
      transcript: state.transcript,
      nodes_visited: state.visits,
      tools_called: state.steps.flatMap((s) => s.tools),
      variables: state.variables,
      metrics: [],
      rules: [],
      assertions: [],
      tokens: { prompt: state.tokens.prompt, cached_prompt: 0, completion: state.tokens.completion },
      model_calls: [],
      duration_ms: state.steps.reduce((ms, s) => ms + s.ms, 0),
      error: null,
      started_at: now,
      finished_at: now,
    });
    store.runs.setStatus(run.id, 'completed');
    store.runs.refreshSummary(run.id);
    return store.runs.require(run.id);
  });
}
