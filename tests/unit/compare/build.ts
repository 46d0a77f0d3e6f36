import type { z } from 'zod';
import { Result, Run, type NodeVisit, type TranscriptTurn } from '../../../src-shared/schemas/index.js';

type RunInput = z.input<typeof Run>;

/** Hand-built runs and results for comparison tests (parsed through the real zod schemas). */

let seq = 0;

export function mkResult(p: Partial<Result> & { test: string }): Result {
  seq++;
  return Result.parse({
    id: p.id ?? `res_${seq}`,
    run_id: p.run_id ?? 'run_x',
    test_index: 0,
    repeat: 0,
    status: 'pass',
    end_reason: 'caller_done',
    turns: p.transcript ? p.transcript.filter((t) => t.role === 'caller').length : 2,
    transcript: [],
    nodes_visited: [],
    tools_called: [],
    tokens: { prompt: 100, cached_prompt: 0, completion: 20 },
    duration_ms: 1000,
    started_at: '2025-01-01T00:00:00.000Z',
    finished_at: '2025-01-01T00:00:01.000Z',
    ...p,
  });
}

export function mkRun(p: Partial<RunInput> & { id: string }): Run {
  return Run.parse({
    kind: 'simulated',
    status: 'completed',
    agent_id: 'ag_1',
    agent_version_id: 'av_1',
    agent_name: 'Dental',
    suite_name: 'smoke',
    models: { agent: { spec: { provider: 'scripted', model: 'a.json' } } },
    created_at: '2025-01-01T00:00:00.000Z',
    started_at: '2025-01-01T00:00:00.000Z',
    finished_at: '2025-01-01T00:00:10.000Z',
    ...p,
  });
}

export const turn = (role: TranscriptTurn['role'], content: string, node?: string): TranscriptTurn => ({
  role,
  content,
  ...(node ? { node } : {}),
});
export const visit = (node: string, t: number, via?: string, reason = ''): NodeVisit => ({
  node,
  turn: t,
  ...(via ? { via } : {}),
  reason,
});

/** `n` repeats of a test with the given statuses. */
export function repeats(
  test: string,
  test_index: number,
  statuses: Result['status'][],
  extra: Partial<Result> = {},
): Result[] {
  return statuses.map((status, repeat) => mkResult({ test, test_index, repeat, status, ...extra }));
}
