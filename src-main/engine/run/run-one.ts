import type { CallerFidelity, Result, TurnQuality } from '../../../src-shared/schemas/index.js';
import { newId, nowIso } from '../../store/ids.js';
import { callerPrompt } from '../conversation/caller.js';
import { runConversation, type ConversationOutcome } from '../conversation/conversation.js';
import { ContextFullError, isCancelled } from '../errors.js';
import { checkTranscript, judgeConversation, type Verdicts } from '../judge/index.js';
import { isInvalidCaller, judgeCallerFidelity } from '../judge/caller-fidelity.js';
import { scoreTurnQuality } from '../judge/turn-quality.js';
import { ModelCalls } from '../model-io/model-calls.js';
import { conversationStatus } from '../judge/pass-fail.js';
import type { PlannedConversation } from './run-plan.js';
import { callerHearing, evaluateAudio, type AudioVerdicts, type RunSpeech } from './audio-eval.js';
import { callerBehaviour, callerSetup, type CallerSetup } from './caller-behaviour.js';
import { runCheckpoint } from './run-checkpoint.js';
import type { RunOneContext } from './run-one-context.js';
import { throttledSteps, type StepSink } from './step-events.js';

export type { RunOneContext } from './run-one-context.js';

/**
 * One conversation and its verdicts, as a Result ready to store; undefined when cancelled (an
 * unfinished conversation is not stored, so a resume runs it again). A failing model call makes
 * the result `error` with the reason; the deterministic checks still run.
 */
export async function runOne(ctx: RunOneContext, item: PlannedConversation): Promise<Result | undefined> {
  // a checkpoint test takes one agent step and judges it (issue 34): no caller, no conversation loop
  if (item.test.checkpoint) return runCheckpoint(ctx, item);
  const { runId, test_index, repeat } = { runId: ctx.runId, ...item };
  const id = newId('res');
  const startedAt = nowIso();
  const t0 = performance.now();
  const calls = new ModelCalls(ctx.models, ctx.signal, ctx.limiter, ctx.contextPolicy);
  let conv: ConversationOutcome;
  let verdicts: Verdicts = { metrics: [], rules: [], assertions: [] };
  let error: string | null = null;
  let turnQuality: TurnQuality | undefined;
  let fidelity: CallerFidelity | undefined;
  let audio: AudioVerdicts = {};
  let setupOf: CallerSetup | undefined;
  const onStep = stepsOf(ctx, item);
  try {
    let prompt: string;
    try {
      prompt = callerPrompt(item.test, ctx.resolvePersona);
    } catch (e) {
      conv = {
        transcript: [],
        visits: [],
        toolCalls: [],
        variables: {},
        endReason: 'error',
        turns: 0,
        error: (e as Error).message,
      };
      prompt = '';
    }
    const setup = callerSetup(item.test, repeat, ctx.speech?.seed ?? ctx.callerSeed ?? 0, ctx.resolvePersona, {
      callerSpeech: ctx.speech?.callerSpeech,
      run: ctx.runPerturbations,
    });
    const behaviour = callerBehaviour(setup, ctx.speech, { owner: id, signal: ctx.signal });
    setupOf = setup;
    conv ??= await runConversation({
      graph: ctx.graph,
      test: item.test,
      callId: id,
      calls,
      callerPrompt: prompt,
      maxTurns: item.maxTurns,
      limits: ctx.limits,
      signal: ctx.signal,
      now: ctx.now,
      onTurn: (turn) =>
        ctx.emit({
          type: 'test.turn',
          run_id: runId,
          test_index,
          repeat,
          turn,
          ...(turn.node ? { node: turn.node } : {}),
        }),
      onToken: (role, chunk) => ctx.emit({ type: 'test.token', run_id: runId, test_index, repeat, role, chunk }),
      ...(ctx.speech?.callerSpeech ? { hearCaller: callerHearing(ctx.speech, setup, id, ctx.signal, onStep) } : {}),
      ...(behaviour ? { behaviour } : {}),
    });
    await calls.disposeRole('agent');
    await calls.disposeRole('caller');
    if (conv.endReason === 'cancelled') return undefined;
    error = conv.error;
    if (!error) {
      try {
        verdicts = await judgeConversation({
          graph: ctx.graph,
          test: item.test,
          suite: ctx.suite,
          conv,
          calls,
          limits: ctx.limits,
          combined: ctx.judgeCombined,
          repeats: ctx.judgeRepeats,
          patternTimeoutMs: ctx.patternTimeoutMs,
        });
      } catch (e) {
        if (isCancelled(e, ctx.signal)) return undefined;
        error =
          e instanceof ContextFullError
            ? `judging failed: the transcript does not fit the judge model's context; use a judge model with a larger context. ${(e as Error).message}`
            : `judging failed: ${(e as Error).message}`;
      }
    }
    if (!error && ctx.turnQuality) {
      try {
        turnQuality = await scoreTurns(ctx, calls, conv);
      } catch (e) {
        if (isCancelled(e, ctx.signal)) return undefined;
        error = `scoring turn quality failed: ${(e as Error).message}`;
      }
    }
    // a scripted caller (caller_script) has no character to break
    if (!error && ctx.callerFidelity && !item.test.caller_script?.length && conv.transcript.length) {
      try {
        fidelity = await judgeCallerFidelity(calls, conv.transcript, prompt, ctx.limits);
      } catch (e) {
        if (isCancelled(e, ctx.signal)) return undefined;
        error = `judging caller fidelity failed: ${(e as Error).message}`;
      }
    }
    if (!error && ctx.speech) {
      try {
        audio = await speechVerdicts(
          ctx,
          ctx.speech,
          calls,
          { id, test: item.test.name, repeat, setup: setupOf, onStep },
          conv,
          verdicts,
        );
      } catch (e) {
        if (isCancelled(e, ctx.signal)) return undefined;
        audio = { audio_error: `audio evaluation failed: ${(e as Error).message}` };
      }
    }
    if (error && !verdicts.rules.length && !verdicts.assertions.length) {
      const checks = await checkTranscript(ctx.graph, item.test, conv, ctx.patternTimeoutMs);
      verdicts = { metrics: [], ...checks };
    }
  } finally {
    await calls.disposeAll();
  }
  const status = conversationStatus({ error, ...verdicts });
  return {
    id,
    run_id: runId,
    test: item.test.name,
    test_index,
    repeat,
    status,
    end_reason: conv.endReason,
    turns: conv.turns,
    transcript: conv.transcript,
    nodes_visited: conv.visits,
    tools_called: conv.toolCalls,
    variables: conv.variables,
    ...verdicts,
    ...(turnQuality ? { turn_quality: turnQuality } : {}),
    ...(fidelity ? { caller_fidelity: fidelity, ...(isInvalidCaller(fidelity) ? { caller_invalid: true } : {}) } : {}),
    ...audio,
    ...(calls.contextTrims ? { context_trimmed: calls.contextTrims } : {}),
    tokens: calls.totals(),
    model_calls: calls.records,
    duration_ms: Math.round(performance.now() - t0),
    error,
    started_at: startedAt,
    finished_at: nowIso(),
  };
}

/** Every agent turn scored by the judge model (one call per turn, under the judge's concurrency limit); the calls are recorded like the others. */
async function scoreTurns(ctx: RunOneContext, calls: ModelCalls, conv: ConversationOutcome): Promise<TurnQuality> {
  const judge = calls.modelOf('judge');
  const started = performance.now();
  const q = await ctx.limiter(judge, () =>
    scoreTurnQuality({ transcript: conv.transcript, nodes_visited: conv.visits }, judge, {
      graph: ctx.graph,
      signal: ctx.signal,
    }),
  );
  for (const u of q.usage) {
    calls.records.push({
      role: 'judge',
      purpose: 'turn_quality',
      tokens: { prompt: u.prompt_tokens, cached_prompt: u.cached_prompt_tokens, completion: u.completion_tokens },
      ms: Math.max(0, u.wall_ms || (performance.now() - started) / q.usage.length),
      ...(u.endpoint ? { endpoint: u.endpoint } : {}),
    });
  }
  return { turns: q.turns, mean: q.mean };
}

/** The conversation's slow steps as `test.step` events, a few a second at most. */
const stepsOf = (ctx: RunOneContext, { test_index, repeat }: PlannedConversation): StepSink =>
  throttledSteps((turn, text) => ctx.emit({ type: 'test.step', run_id: ctx.runId, test_index, repeat, turn, text }));

/** Audio evaluation of the agent's turns and the caller-speech failures, as the result's audio part. */
async function speechVerdicts(
  ctx: RunOneContext,
  speech: RunSpeech,
  calls: ModelCalls,
  who: { id: string; test: string; repeat: number; setup?: CallerSetup; onStep?: StepSink },
  conv: ConversationOutcome,
  verdicts: Verdicts,
): Promise<AudioVerdicts> {
  const callerErrors = conv.transcript.filter((t) => t.role === 'caller' && t.speech_error).map((t) => t.speech_error!);
  const callerPart: AudioVerdicts = callerErrors.length
    ? {
        audio_error: `caller speech failed on ${callerErrors.length} turn(s), the agent got the text: ${callerErrors.join('; ')}`,
      }
    : {};
  if (!speech.audioEval) return callerPart;
  const before = calls.records.length;
  const out = await evaluateAudio(
    speech,
    {
      id: who.id,
      test: who.test,
      repeat: who.repeat,
      transcript: conv.transcript,
      metrics: verdicts.metrics,
      rules: verdicts.rules,
    },
    {
      calls,
      limits: ctx.limits,
      patternTimeoutMs: ctx.patternTimeoutMs,
      signal: ctx.signal,
      setup: who.setup,
      onStep: who.onStep,
    },
  );
  // judge calls on the heard transcript are told apart from the text verdicts' (cost, speed figures)
  for (let i = before; i < calls.records.length; i++)
    calls.records[i] = { ...calls.records[i], purpose: 'audio_judge' };
  conv.transcript = out.transcript;
  const errors = [out.audio_error, callerPart.audio_error].filter(Boolean).join(' | ');
  return {
    ...(out.audio_metrics ? { audio_metrics: out.audio_metrics } : {}),
    ...(out.audio_rules ? { audio_rules: out.audio_rules } : {}),
    ...(errors ? { audio_error: errors } : {}),
  };
}
