import { z } from 'zod';
import {
  AgentGraph,
  EndReason,
  ModelSpec,
  NodeVisit,
  Persona,
  TestCase,
  ToolCallRecord,
  ToolMock,
  TranscriptTurn,
} from '../schemas/index.js';
import { method } from './define.js';

/**
 * "Try it" (the playground): a live conversation with an agent, turn by turn. The simulated caller
 * (a persona) speaks one turn per `playground.step`, or the user types as the caller with
 * `playground.say`. Each step leaves a decision log: the moves between nodes (which edge and why),
 * the router's answers, the variables set and the tools called. Tokens and turns stream as
 * `playground.*` events (events.ts). Sessions close after 30 minutes without activity.
 */

export const PLAYGROUND_MODES = ['simulated', 'manual'] as const;
export const PlaygroundMode = z.enum(PLAYGROUND_MODES);
export type PlaygroundMode = z.infer<typeof PlaygroundMode>;

/** How the conversation got to a node: the entry, a chosen start node, an edge kind, a global node's entry or go-back condition. */
export const MOVE_KINDS = [
  'entry',
  'start',
  'prompt',
  'equation',
  'else',
  'always',
  'skip',
  'global',
  'go_back',
  'jump',
] as const;

export const PlaygroundMove = z.object({
  /** Node left (null for the first node). */
  from: z.string().nullable(),
  to: z.string(),
  /** Transition id (an edge of `from`), or a global node's entry / go-back condition id. */
  via: z.string().optional(),
  kind: z.enum(MOVE_KINDS),
  /** The condition as text (prompt, equation), when there is one. */
  condition: z.string().optional(),
  /** Why: the router's one-line reason for a prompt condition, or what matched. */
  reason: z.string(),
});
export type PlaygroundMove = z.infer<typeof PlaygroundMove>;

/** One routing call: the prompt condition the router chose on a node (null: none held) and its reason. */
export const PlaygroundRoute = z.object({ node: z.string(), chosen: z.string().nullable(), reason: z.string() });
export type PlaygroundRoute = z.infer<typeof PlaygroundRoute>;

export const PlaygroundVariable = z.object({
  name: z.string(),
  value: z.unknown(),
  /** The value before this step (absent when it was not set). */
  previous: z.unknown().optional(),
  /** extracted: by an extract node; tool: a tool result or a function node's action; keypad: a pressed key; set: anything else. */
  source: z.enum(['extracted', 'tool', 'keypad', 'set', 'removed']),
  node: z.string().optional(),
});
export type PlaygroundVariable = z.infer<typeof PlaygroundVariable>;

/** The decision log of one step: the opening, or one caller turn and what the agent did after it. */
export const PlaygroundStep = z.object({
  index: z.number().int().min(0),
  kind: z.enum(['open', 'caller']),
  /** The caller's words this step: typed by the user or spoken by the persona. */
  caller: z.object({ text: z.string(), by: z.enum(['you', 'persona']), done: z.boolean() }).optional(),
  /** Transcript indices this step added: [from, to). */
  turns: z.object({ from: z.number().int().min(0), to: z.number().int().min(0) }),
  moves: z.array(PlaygroundMove),
  routes: z.array(PlaygroundRoute),
  /** Set when the conversation stayed on the node after the caller spoke. */
  stayed: z.object({ node: z.string(), reason: z.string() }).optional(),
  variables: z.array(PlaygroundVariable),
  /** Tools called this step; `mocked: false` means no mock answered (the call got an error). */
  tools: z.array(ToolCallRecord),
  /** The step ended the conversation. */
  ended: EndReason.optional(),
  error: z.string().optional(),
  ms: z.number().min(0),
});
export type PlaygroundStep = z.infer<typeof PlaygroundStep>;

export const PlaygroundState = z.object({
  session_id: z.string(),
  agent_id: z.string(),
  /** The stored version, or null when an unsaved graph (the editor's) is being tried. */
  version_id: z.string().nullable(),
  agent_name: z.string(),
  mode: PlaygroundMode,
  models: z.object({ agent: z.string(), caller: z.string().nullable() }),
  persona: z.string().nullable(),
  start_node: z.string().nullable(),
  current_node: z.string().nullable(),
  transcript: z.array(TranscriptTurn),
  visits: z.array(NodeVisit),
  variables: z.record(z.string(), z.unknown()),
  steps: z.array(PlaygroundStep),
  /** Caller turns so far, and the limit. */
  turns: z.number().int().min(0),
  max_turns: z.number().int().min(1),
  /** A step is running (the agent or the persona is speaking). */
  busy: z.boolean(),
  ended: z.boolean(),
  end_reason: EndReason.nullable(),
  error: z.string().nullable(),
  tokens: z.object({ prompt: z.number().int().min(0), completion: z.number().int().min(0) }),
  /** The session closes after this long without activity. */
  idle_timeout_ms: z.number().int().min(0),
});
export type PlaygroundState = z.infer<typeof PlaygroundState>;

export const PlaygroundStartInput = z.object({
  agent_id: z.string().min(1),
  /** Latest version when absent. */
  version_id: z.string().optional(),
  /** An unsaved graph to try instead of a stored version (the graph editor's current draft). */
  graph: AgentGraph.optional(),
  /** The caller: a persona id from the library or an inline persona (simulated mode). */
  persona: z.union([z.string().min(1), Persona]).optional(),
  /** Raw caller instructions when there is no persona. */
  user_prompt: z.string().optional(),
  dynamic_variables: z.record(z.string(), z.unknown()).default({}),
  /** Answers for the agent's tools; a tool with no mock gets an error answer (shown in the log). */
  tool_mocks: z.array(ToolMock).default([]),
  /** Start on this node (entered as if the conversation had just arrived); the entry node when absent. */
  start_node: z.string().min(1).optional(),
  mode: PlaygroundMode,
  models: z.object({ agent: ModelSpec, caller: ModelSpec.optional() }),
  max_turns: z.number().int().min(1).max(200).optional(),
});
export type PlaygroundStartInput = z.input<typeof PlaygroundStartInput>;

const Session = z.object({ session_id: z.string().min(1) });

export const playgroundMethods = {
  'playground.start': method(
    'Start a Try-it conversation; the agent speaks first when the graph says so',
    PlaygroundStartInput,
    z.object({ session_id: z.string(), state: PlaygroundState }),
  ),
  'playground.say': method(
    'Type as the caller: the agent answers (ends the call when done is true)',
    Session.extend({ text: z.string().max(4000), done: z.boolean().default(false) }),
    PlaygroundState,
  ),
  'playground.step': method(
    'Simulated mode: the persona speaks one turn, then the agent answers',
    Session,
    PlaygroundState,
  ),
  'playground.stop': method(
    'End a Try-it conversation (a turn in progress is cancelled)',
    Session,
    z.object({ stopped: z.boolean() }),
  ),
  'playground.state': method('The state of a Try-it conversation', Session, PlaygroundState),
  'playground.saveTest': method(
    "Save as test: the caller's lines as a caller_script test, with the conversation's variables, tool mocks and start node, added to a suite (or a new one)",
    Session.extend({
      name: z.string().min(1).max(200),
      /** An existing suite; or `new_suite`, the name of a suite to create. */
      suite_id: z.string().min(1).optional(),
      new_suite: z.string().min(1).max(200).optional(),
    }),
    z.object({ suite_id: z.string(), suite_name: z.string(), test: TestCase }),
  ),
  'playground.saveRun': method(
    'Save as run: the conversation stored as a run of its agent version, like an imported call (so it can be judged and compared)',
    Session.extend({ name: z.string().max(200).default('') }),
    z.object({ run_id: z.string() }),
  ),
};
