import type { Result } from '../../../src-shared/schemas/index.js';
import { newId, nowIso } from '../../store/ids.js';
import type { PlanItem } from './execute-plan.js';

/**
 * The stored result of a conversation whose test was cancelled while the run ran (RunHandle.cancelTest):
 * end reason `cancelled`, counted as an error (it did not test the agent), so `rerun --failed` runs it again.
 */
export function cancelledResult(runId: string, item: PlanItem, reason: string): Result {
  const at = nowIso();
  return {
    id: newId('res'),
    run_id: runId,
    test: item.test.name,
    test_index: item.test_index,
    repeat: item.repeat,
    status: 'error',
    end_reason: 'cancelled',
    turns: 0,
    transcript: [],
    nodes_visited: [],
    tools_called: [],
    variables: {},
    metrics: [],
    rules: [],
    assertions: [],
    tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
    model_calls: [],
    duration_ms: 0,
    error: `cancelled: ${reason}`,
    started_at: at,
    finished_at: at,
  };
}
