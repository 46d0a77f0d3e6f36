/**
 * Interactive ("Try it") conversations: the engine's conversation loop driven one step at a time.
 *
 *   const s = new InteractiveSession({ id, graph, test, mode: 'manual', models: { agent }, info, onEvent });
 *   await s.open();                 // the agent speaks first (or the chosen start node is entered)
 *   await s.say('I want to book');  // a typed caller turn; the agent answers; the step's decision log is in state().steps
 *   await s.step();                 // simulated mode: the persona speaks one turn, then the agent answers
 *   s.stop();                       // cancels a running step
 *
 * SessionPool keeps the open sessions and closes idle ones (30 minutes by default).
 */
export {
  InteractiveSession,
  InteractiveError,
  INTERACTIVE_MAX_TURNS,
  type InteractiveSessionInit,
  type SessionInfo,
} from './session.js';
export { SessionPool, DEFAULT_IDLE_MS, idleText, type SessionPoolOptions } from './session-pool.js';
export { describeMove, describeMoves, variableChanges, conditionText } from './decision-log.js';
export { RecordingCalls, routeAnswer } from './recording-calls.js';
