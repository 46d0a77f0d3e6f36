import { z } from 'zod';
import { SOURCE_FORMATS } from '../formats/format-ids.js';

/**
 * AgentGraph: Parley's one internal representation of an agent. Every importer converts to it and
 * every exporter renders from it. Whatever a source format carries that Parley does not model is
 * kept verbatim in `source_meta` (on the graph, a node, a transition or a tool) so export is lossless.
 */

/** Free-form bag for data an importer could not map. Never interpreted by the engine. */
export const SourceMeta = z.record(z.string(), z.unknown());
export type SourceMeta = z.infer<typeof SourceMeta>;

/** What `source.format` may name: the format table's agent imports, and `custom` (drawn in Parley). */
export const FORMAT_IDS = SOURCE_FORMATS;
export const FormatId = z.enum(FORMAT_IDS);
export type FormatId = z.infer<typeof FormatId>;

export const EQUATION_OPERATORS = [
  '==',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'contains',
  'not_contains',
  'contained_in',
  'not_contained_in',
  'exists',
  'not_exists',
] as const;
export const EquationOperator = z.enum(EQUATION_OPERATORS);
export type EquationOperator = z.infer<typeof EquationOperator>;

/** `left` is a variable path (`account_type`, `user.tier`, `{{user.tier}}` braces are stripped by importers). */
export const Equation = z.object({
  left: z.string().min(1),
  operator: EquationOperator,
  right: z.string().optional(),
});
export type Equation = z.infer<typeof Equation>;

export const PromptCondition = z.object({ kind: z.literal('prompt'), prompt: z.string() });
export const EquationCondition = z.object({
  kind: z.literal('equation'),
  match: z.enum(['all', 'any']).default('all'),
  equations: z.array(Equation),
});
export const ElseCondition = z.object({ kind: z.literal('else') });
export const AlwaysCondition = z.object({ kind: z.literal('always') });
export const SkipCondition = z.object({ kind: z.literal('skip') });

export const Condition = z.discriminatedUnion('kind', [
  PromptCondition,
  EquationCondition,
  ElseCondition,
  AlwaysCondition,
  SkipCondition,
]);
export type Condition = z.infer<typeof Condition>;
export type ConditionKind = Condition['kind'];

/** A condition that can gate entry into (or return from) a global node. */
export const GlobalCondition = z.discriminatedUnion('kind', [PromptCondition, EquationCondition]);
export type GlobalCondition = z.infer<typeof GlobalCondition>;

export const Transition = z.object({
  id: z.string().min(1),
  target: z.string().min(1),
  condition: Condition,
  /** Evaluation order among a node's condition edges (lower first). */
  order: z.number().int().optional(),
  source_meta: SourceMeta.optional(),
});
export type Transition = z.infer<typeof Transition>;

export const Position = z.object({ x: z.number(), y: z.number() });
export type Position = z.infer<typeof Position>;

/** Text the agent says: `prompt` is an instruction for the LLM, `static` is spoken verbatim (after templating). */
export const Utterance = z.object({
  mode: z.enum(['prompt', 'static']).default('prompt'),
  text: z.string(),
});
export type Utterance = z.infer<typeof Utterance>;

export const GlobalSetting = z.object({
  /** Conditions (usually prompts) that make the engine jump to this node from anywhere. */
  entry_conditions: z.array(
    z.object({ id: z.string().min(1), condition: GlobalCondition, source_meta: SourceMeta.optional() }),
  ),
  /** Conditions that pop the origin stack and resume at the node the global node was entered from. */
  go_back_conditions: z
    .array(z.object({ id: z.string().min(1), condition: GlobalCondition, source_meta: SourceMeta.optional() }))
    .default([]),
});
export type GlobalSetting = z.infer<typeof GlobalSetting>;

const NodeBase = {
  id: z.string().min(1),
  name: z.string().optional(),
  position: Position.optional(),
  global: GlobalSetting.optional(),
  transitions: z.array(Transition).default([]),
  source_meta: SourceMeta.optional(),
};

export const ConversationNode = z.object({
  ...NodeBase,
  type: z.literal('conversation'),
  instruction: Utterance,
  /** Speak and follow the single skip edge at once without waiting for the caller. */
  skip_response: z.boolean().optional(),
  /** Names of graph tools the agent LLM may call while on this node. */
  tools: z.array(z.string()).optional(),
});

export const LogicNode = z.object({ ...NodeBase, type: z.literal('logic') });

export const EXTRACT_VARIABLE_TYPES = ['text', 'number', 'boolean', 'enum'] as const;
export const ExtractVariable = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  type: z.enum(EXTRACT_VARIABLE_TYPES),
  choices: z.array(z.string()).optional(),
  source_meta: SourceMeta.optional(),
});
export type ExtractVariable = z.infer<typeof ExtractVariable>;

export const ExtractNode = z.object({
  ...NodeBase,
  type: z.literal('extract'),
  variables: z.array(ExtractVariable),
  instruction: Utterance.optional(),
});

export const OutputVariable = z.object({ output_key: z.string().min(1), variable: z.string().min(1) });
export const ContextSetAction = z.object({
  type: z.literal('context.set'),
  /** Variable path; `[+]` appends to an array (`workflow.logged[+]`). */
  path: z.string().min(1),
  /** Any JSON; strings inside are templates (`{{params.x}}`). */
  value: z.unknown(),
});
export type ContextSetAction = z.infer<typeof ContextSetAction>;

export const FunctionNode = z.object({
  ...NodeBase,
  type: z.literal('function'),
  /** Name of a tool in `graph.tools`. */
  tool: z.string().min(1),
  /** Argument templates; when present the engine fills arguments from these instead of an LLM call. */
  arguments: z.record(z.string(), z.unknown()).optional(),
  output_variables: z.array(OutputVariable).default([]),
  actions: z.array(ContextSetAction).default([]),
  speak_during_execution: Utterance.optional(),
  wait_for_result: z.boolean().optional(),
});

export const TransferNode = z.object({
  ...NodeBase,
  type: z.literal('transfer'),
  /** Phone number, agent name or `{{variable}}`. */
  target: z.string().default(''),
  message: Utterance.optional(),
});

export const EndNode = z.object({ ...NodeBase, type: z.literal('end'), message: Utterance.optional() });

export const PressDigitNode = z.object({
  ...NodeBase,
  type: z.literal('press_digit'),
  instruction: Utterance,
  /** Variable the pressed digit is stored in (default `digit`). */
  variable: z.string().optional(),
});

export const NODE_TYPES = ['conversation', 'logic', 'extract', 'function', 'transfer', 'end', 'press_digit'] as const;
export const GraphNode = z.discriminatedUnion('type', [
  ConversationNode,
  LogicNode,
  ExtractNode,
  FunctionNode,
  TransferNode,
  EndNode,
  PressDigitNode,
]);
export type GraphNode = z.infer<typeof GraphNode>;
export type NodeType = GraphNode['type'];
export type NodeOf<T extends NodeType> = Extract<GraphNode, { type: T }>;

export const ToolDef = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  /** JSON Schema of the arguments (object). */
  parameters: z.record(z.string(), z.unknown()).optional(),
  /** `custom` tools go through the test's mocks; built-ins end or transfer the call. */
  kind: z.enum(['custom', 'end_call', 'transfer_call', 'press_digit', 'other']).default('custom'),
  source_meta: SourceMeta.optional(),
});
export type ToolDef = z.infer<typeof ToolDef>;

/**
 * What the agent does when the caller says nothing (issue 27; Retell's reminder_trigger_ms and
 * reminder_max_count, VAPI's idle messages). After `after_ms` of silence the current node's equation edges
 * are tried with the system variables `silences` (silent caller turns in a row) and `caller_silent`; when
 * none matches the agent says `reprompt`, and after `max_reprompts` of them it ends the call (end reason
 * no_answer, saying `end_message` when there is one). Absent: these defaults apply.
 */
export const NoAnswer = z.object({
  after_ms: z.number().int().min(0).max(600_000).default(10_000),
  reprompt: Utterance.default({ mode: 'static', text: 'Are you still there?' }),
  max_reprompts: z.number().int().min(0).max(20).default(1),
  end_message: z.string().optional(),
});
export type NoAnswer = z.infer<typeof NoAnswer>;

export const AgentMetric = z.object({
  criterion: z.string().min(1),
  threshold: z.number().min(0).max(1).optional(),
  enabled: z.boolean().default(true),
});
export type AgentMetric = z.infer<typeof AgentMetric>;

export const AgentGraph = z.object({
  schema_version: z.literal(1).default(1),
  name: z.string().default(''),
  description: z.string().optional(),
  entry_node_id: z.string().min(1),
  first_speaker: z.enum(['agent', 'caller']).default('agent'),
  /** Fixed opening line the agent says when it speaks first (Retell `begin_message`, VAPI `firstMessage`); templated. Absent: the model writes it. */
  begin_message: z.string().optional(),
  global_prompt: z.string().default(''),
  snippets: z.record(z.string(), z.string()).default({}),
  tools: z.array(ToolDef).default([]),
  default_variables: z.record(z.string(), z.unknown()).default({}),
  nodes: z.array(GraphNode),
  /** What the agent does when the caller says nothing (see NoAnswer; absent: its defaults). */
  no_answer: NoAnswer.optional(),
  /** Agent-level metrics judged on every test of every suite. */
  metrics: z.array(AgentMetric).default([]),
  source: z
    .object({
      format: FormatId,
      /** Everything at graph level the format carries that Parley does not model. */
      meta: SourceMeta.default({}),
    })
    .default({ format: 'parley', meta: {} }),
});
export type AgentGraph = z.infer<typeof AgentGraph>;
/** Input shape (defaults optional) — what a user may write in Parley JSON. */
export type AgentGraphInput = z.input<typeof AgentGraph>;
