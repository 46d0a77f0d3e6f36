import { z } from 'zod';

/**
 * A checkpoint test (issue 34): the conversation is set up at an exact moment (node, variables, the history
 * so far) and the agent takes exactly ONE step (routing, extraction, tool calls and the reply that step
 * makes); only that step is judged. No simulated caller. docs/test-format.md "Checkpoint tests".
 */

/** One message of the given history. `tool` messages are a tool's answer (as the agent model saw it). */
export const CheckpointMessage = z
  .object({
    role: z.enum(['agent', 'caller', 'tool']),
    content: z.string(),
    /** Tool messages: the tool that answered. */
    tool: z.string().min(1).optional(),
    /** Tool messages: the arguments it was called with (default `{}`). */
    arguments: z.record(z.string(), z.unknown()).optional(),
    /** Agent messages: the node that said it (shown on the result page; the step starts on `start_node`). */
    node: z.string().min(1).optional(),
  })
  .refine((m) => m.role !== 'tool' || m.tool !== undefined, {
    message: 'a tool message needs "tool": the name of the tool that answered',
    path: ['tool'],
  });
export type CheckpointMessage = z.infer<typeof CheckpointMessage>;

/** The tool call the step must make (the first call of the step with this name). */
export const CheckpointToolCall = z.object({
  name: z.string().min(1),
  /** Arguments the call must have (nested objects partially; scalars by their text). */
  arguments: z.record(z.string(), z.unknown()).optional(),
  /** `partial` (default): the given keys must match; `exact`: the arguments are exactly these. */
  match: z.enum(['partial', 'exact']).optional(),
});
export type CheckpointToolCall = z.infer<typeof CheckpointToolCall>;

/** An LLM-judged criterion about the step's reply (`criteria` is read as `criterion`: the spelling). */
export const CheckpointMetric = z.union([
  z.string().min(1),
  z
    .object({
      criterion: z.string().min(1).optional(),
      criteria: z.string().min(1).optional(),
      threshold: z.number().min(0).max(1).optional(),
      name: z.string().optional(),
    })
    .refine((m) => (m.criterion ?? m.criteria) !== undefined, {
      message: 'a metric needs "criterion": what the judge checks in the step',
      path: ['criterion'],
    }),
]);
export type CheckpointMetric = z.infer<typeof CheckpointMetric>;

export const CHECKPOINT_EXPECT_KEYS = [
  'next_node',
  'tool_call',
  'no_tool_call',
  'variables',
  'includes',
  'excludes',
  'patterns',
  'metrics',
] as const;

/** What the step must do; every key optional, at least one given. Each key is one check with its own verdict. */
export const CheckpointExpect = z
  .object({
    /** The node the agent is on when the step ends (where it waits for the caller, or the end/transfer node). */
    next_node: z.string().min(1).optional(),
    tool_call: CheckpointToolCall.optional(),
    /** true: the step must call no tool. */
    no_tool_call: z.boolean().optional(),
    /** Variables the engine must hold after the step (dot paths allowed; values compared by their text). */
    variables: z.record(z.string(), z.unknown()).optional(),
    /** Case-insensitive substrings the step's reply must contain. */
    includes: z.array(z.string()).optional(),
    /** Case-insensitive substrings the step's reply must not contain. */
    excludes: z.array(z.string()).optional(),
    /** Regular expressions that must match the step's reply. */
    patterns: z.array(z.string()).optional(),
    metrics: z.array(CheckpointMetric).optional(),
  })
  .refine((e) => CHECKPOINT_EXPECT_KEYS.some((k) => e[k] !== undefined), {
    message: `expected at least one of ${CHECKPOINT_EXPECT_KEYS.join(', ')}`,
  });
export type CheckpointExpect = z.infer<typeof CheckpointExpect>;

export const Checkpoint = z.object({
  /** The node the conversation is on (default: the graph's entry node). */
  start_node: z.string().min(1).optional(),
  /**
   * The conversation so far. Ending on a caller message: the agent answers it (one step from `start_node`).
   * Empty or ending on an agent/tool message: the agent enters `start_node` and speaks.
   */
  transcript: z.array(CheckpointMessage).default([]),
  /** Variables the engine holds at that moment (over the test's dynamic_variables and the agent's defaults). */
  variables: z.record(z.string(), z.unknown()).optional(),
  expect: CheckpointExpect,
  /** What the agent said at that moment when the test was pinned: a reference to edit into `includes` or a metric; not checked. */
  reference: z.string().optional(),
  /** Where the test was pinned from (`parley pin`): the run, the result and the agent turn (0-based transcript index). */
  pinned_from: z.object({ run: z.string(), result: z.string(), turn: z.number().int().min(0) }).optional(),
});
export type Checkpoint = z.infer<typeof Checkpoint>;

/** What a checkpoint result keeps besides its checks: where the given history ends and the step begins. */
export const CheckpointRecord = z.object({
  start_node: z.string(),
  /** transcript[0 .. given_turns) is the given history; the rest is the step. */
  given_turns: z.number().int().min(0),
  /** The node the step ended on. */
  end_node: z.string(),
});
export type CheckpointRecord = z.infer<typeof CheckpointRecord>;
