import type { Checkpoint, Result, TestCase } from '../../../src-shared/schemas/index.js';
import { newId, nowIso } from '../../store/ids.js';
import { runCheckpointStep, type CheckpointStep } from '../conversation/checkpoint-step.js';
import { ContextFullError, isCancelled } from '../errors.js';
import { checkpointMetrics, stepOnly, stepToolCalls } from '../judge/checkpoint-checks.js';
import { runPatternBudget } from '../judge/pattern-rules.js';
import { checkCheckpointStep } from '../judge/run-checks.js';
import type { Verdicts } from '../judge/index.js';
import { conversationStatus } from '../judge/pass-fail.js';
import { ModelCalls } from '../model-io/model-calls.js';
import type { RunOneContext } from './run-one-context.js';
import type { PlannedConversation } from './run-plan.js';

/**
 * One repeat of a checkpoint test (issue 34) as a Result ready to store: the one agent step, then its checks.
 * The transcript is the given history followed by the step (`checkpoint.given_turns` marks where the step
 * starts), so runs lists, --json, JUnit and compare read it like any result. Undefined when cancelled.
 */
export async function runCheckpoint(ctx: RunOneContext, item: PlannedConversation): Promise<Result | undefined> {
  const test = item.test as TestCase & { checkpoint: Checkpoint };
  const expect = test.checkpoint.expect;
  const id = newId('res');
  const startedAt = nowIso();
  const t0 = performance.now();
  const calls = new ModelCalls(ctx.models, ctx.signal, ctx.limiter, ctx.contextPolicy);
  let step: CheckpointStep;
  let verdicts: Verdicts = { metrics: [], rules: [], assertions: [] };
  let error: string | null;
  try {
    step = await runCheckpointStep({
      graph: ctx.graph,
      test,
      callId: id,
      calls,
      limits: ctx.limits,
      signal: ctx.signal,
      now: ctx.now,
    });
    await calls.disposeRole('agent');
    if (step.endReason === 'cancelled') return undefined;
    for (const turn of step.transcript.slice(step.givenTurns))
      ctx.emit({
        type: 'test.turn',
        run_id: ctx.runId,
        test_index: item.test_index,
        repeat: item.repeat,
        turn,
        ...(turn.node ? { node: turn.node } : {}),
      });
    error = step.error;
    const checks = await checkCheckpointStep(
      {
        graph: ctx.graph,
        transcript: stepOnly(step),
        toolCalls: stepToolCalls(step),
        visits: step.visits,
        step,
        patternTimeoutMs: ctx.patternTimeoutMs,
        patternBudget: runPatternBudget(ctx.graph),
      },
      expect,
    );
    verdicts = { ...verdicts, ...checks };
    if (!error && expect.metrics?.length) {
      try {
        verdicts = {
          ...verdicts,
          metrics: await checkpointMetrics(
            calls,
            step,
            expect,
            test.metric_threshold ?? ctx.suite.metric_threshold,
            ctx.limits,
          ),
        };
      } catch (e) {
        if (isCancelled(e, ctx.signal)) return undefined;
        error =
          e instanceof ContextFullError
            ? `judging failed: the transcript does not fit the judge model's context. ${(e as Error).message}`
            : `judging failed: ${(e as Error).message}`;
      }
    }
  } finally {
    await calls.disposeAll();
  }
  return {
    id,
    run_id: ctx.runId,
    test: test.name,
    test_index: item.test_index,
    repeat: item.repeat,
    status: conversationStatus({ error, ...verdicts }),
    end_reason: step.endReason,
    turns: step.turns,
    transcript: step.transcript,
    nodes_visited: step.visits,
    tools_called: step.toolCalls,
    variables: step.variables,
    ...verdicts,
    checkpoint: { start_node: step.startNode, given_turns: step.givenTurns, end_node: step.endNode },
    ...(calls.contextTrims ? { context_trimmed: calls.contextTrims } : {}),
    tokens: calls.totals(),
    model_calls: calls.records,
    duration_ms: Math.round(performance.now() - t0),
    error,
    started_at: startedAt,
    finished_at: nowIso(),
  };
}
