/**
 * The conversation engine: runs an agent graph against a simulated caller, judges the transcript
 * and stores the results. Pure Node (no electron). Every kind of run (simulated, resumed, replayed,
 * evaluated) goes through one loop: execute-plan.ts on run-pool.ts. The app and the CLI reach it
 * through src-main/app (RunService), which resolves agents, suites and models. Entry points:
 *
 *   const models = await loadRunModels(registry, { agent: spec, caller?, judge? });
 *   const handle = await startRun({ store, models, agent, suite, options, onEvent });
 *   const off = handle.subscribe((e) => ...);   // RunEvent (src-shared/contract/events.ts)
 *   handle.cancel();                              // run ends `cancelled`, finished results kept
 *   const { run, results, tests } = await handle.done;
 */
export { executePlan, type ExecutePlanOptions, type PlanItem, type WorkOutput } from './execute-plan.js';
export { runPool, type PoolOptions, type PoolOutcome } from './run-pool.js';
export { rejudgeConversation, metricsOf, type Rejudged } from './rejudge.js';
export { startReplay, planReplay, callerLines, type StartReplayOptions, type ReplayPlan } from './replay.js';
export {
  startEvaluation,
  evaluateRun,
  mergeSuiteTests,
  testFor,
  EvaluateError,
  type EvaluateOptions,
} from './evaluate.js';
export {
  startRun,
  runSuite,
  type StartRunOptions,
  type RunHandle,
  type RunOutcome,
  type RunAgent,
  type RunSuite,
} from './run-suite.js';
export { loadRunModels, describeRunModels, perModelLimiter, type ModelLoader, type RunModels } from './run-models.js';
export { parseTestModel, loadTestModels, type TestModels } from './test-models.js';
export { makePlan, planRun, PlanError, type PlannedConversation, type RunPlan } from './run-plan.js';
export { expandPersonaMatrix } from './persona-matrix.js';
export {
  runConversation,
  DEFAULT_MAX_TURNS,
  type ConversationInput,
  type ConversationOutcome,
} from './conversation.js';
export { callerPrompt, callerSystemPrompt, SimulatedCaller } from './caller.js';
export { ModelCalls, type ModelRole, type CallLimiter } from './model-calls.js';
export { conversationStatus, summarizeTests, allTestsOk, type TestOutcome } from './pass-fail.js';
export {
  judgeConversation,
  checkTranscript,
  resolveMetrics,
  DEFAULT_METRIC_THRESHOLD,
  type Verdicts,
} from './judge/index.js';
export { DEFAULT_LIMITS, type EngineLimits } from './limits.js';
export { expandTemplate, expandSnippets, expandVariables, expandValue } from './template.js';
export { evaluateEquation, evaluateEquations, applyOperator } from './equations.js';
export { VariableStore, parsePath, PathError } from './variables/index.js';
export { CancelledError, ModelCallError, GraphRuntimeError } from './errors.js';
