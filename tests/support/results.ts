import { Result as ResultSchema, type Result } from '../../src-shared/schemas/index.js';

/** A stored-result-shaped object for repository and comparison tests. */
export function fakeResult(
  run_id: string,
  test_index: number,
  status: Result['status'],
  over: Partial<Result> = {},
): Omit<Result, 'id'> {
  const now = new Date().toISOString();
  return {
    run_id,
    test: `test ${test_index}`,
    test_index,
    repeat: 0,
    status,
    end_reason: 'caller_done',
    turns: 2,
    transcript: [
      { role: 'agent', content: 'Hello', node: 'greeting' },
      { role: 'caller', content: 'Bye' },
    ],
    nodes_visited: [{ node: 'greeting', turn: 0, reason: 'entry' }],
    tools_called: [],
    variables: {},
    metrics: [],
    rules: [],
    assertions: [],
    tokens: { prompt: 10, cached_prompt: 0, completion: 5 },
    model_calls: [],
    duration_ms: 12,
    error: null,
    started_at: now,
    finished_at: now,
    ...over,
  };
}

/** A parsed Result with small fixed numbers (10 prompt, 4 cached, 3 completion tokens; 100 ms), for summary tests. */
export const parsedResult = (p: Partial<Result>): Result =>
  ResultSchema.parse({
    id: 'r',
    run_id: 'run',
    test: 't',
    test_index: 0,
    status: 'pass',
    end_reason: 'caller_done',
    turns: 2,
    transcript: [],
    nodes_visited: [],
    tools_called: [],
    tokens: { prompt: 10, cached_prompt: 4, completion: 3 },
    duration_ms: 100,
    started_at: 'x',
    finished_at: 'y',
    ...p,
  });
