import type { Result } from '../../src-shared/schemas/index.js';

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
