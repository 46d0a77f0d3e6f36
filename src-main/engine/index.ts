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
export { executePlan, type ExecutePlanOptions, type PlanItem, type WorkOutput } from './run/execute-plan.js';
export { runPool, type PoolOptions, type PoolOutcome } from './run/run-pool.js';
export { rejudgeConversation, metricsOf, type Rejudged } from './run/rejudge.js';
export { startReplay, planReplay, callerLines, type StartReplayOptions, type ReplayPlan } from './run/replay.js';
export {
  startEvaluation,
  evaluateRun,
  mergeSuiteTests,
  testFor,
  EvaluateError,
  type EvaluateOptions,
} from './run/evaluate.js';
export {
  startRun,
  runSuite,
  type StartRunOptions,
  type RunHandle,
  type RunOutcome,
  type RunAgent,
  type RunSuite,
} from './run/run-suite.js';
export {
  loadRunModels,
  describeRunModels,
  perModelLimiter,
  type ModelLoader,
  type RunModels,
} from './model-io/run-models.js';
export { parseTestModel, loadTestModels, type TestModels } from './model-io/test-models.js';
export { makePlan, planRun, PlanError, type PlannedConversation, type RunPlan } from './run/run-plan.js';
export { expandPersonaMatrix } from './run/persona-matrix.js';
export {
  runConversation,
  DEFAULT_MAX_TURNS,
  type ConversationInput,
  type ConversationOutcome,
} from './conversation/conversation.js';
export { callerPrompt, callerSystemPrompt, SimulatedCaller } from './conversation/caller.js';
export { ModelCalls, type ModelRole, type CallLimiter } from './model-io/model-calls.js';
export { conversationStatus, summarizeTests, allTestsOk, type TestOutcome } from './judge/pass-fail.js';
export {
  judgeConversation,
  checkTranscript,
  resolveMetrics,
  DEFAULT_METRIC_THRESHOLD,
  type Verdicts,
} from './judge/index.js';
export { DEFAULT_LIMITS, type EngineLimits } from './limits.js';
export { expandTemplate, expandSnippets, expandVariables, expandValue } from './conversation/template.js';
export { evaluateEquation, evaluateEquations, applyOperator } from './conversation/equations.js';
export { VariableStore, parsePath, PathError } from './conversation/variables/index.js';
export { CancelledError, ModelCallError, GraphRuntimeError } from './errors.js';
