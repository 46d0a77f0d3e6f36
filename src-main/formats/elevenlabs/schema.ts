import { z } from 'zod';

/**
 * An ElevenLabs conversational agent as its API returns it (GET /v1/convai/agents/{id}): the agent
 * config under `conversation_config.agent`, and the agent workflow (`nodes` and `edges`, objects keyed
 * by id) under `conversation_config.workflow` (or `workflow` at the top, as older exports have it). Loose.
 */

export const ElTool = z.looseObject({
  type: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
});
export type ElTool = z.infer<typeof ElTool>;

const Condition = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('unconditional') }),
  z.looseObject({ type: z.literal('llm'), condition: z.string() }),
  z.looseObject({ type: z.literal('expression'), expression: z.looseObject({ type: z.string().min(1) }) }),
  z.looseObject({ type: z.literal('result'), successful: z.boolean() }),
]);
export type ElCondition = z.infer<typeof Condition>;

export const ElEdge = z.looseObject({
  source: z.string().min(1),
  target: z.string().min(1),
  forward_condition: Condition.nullable().optional(),
  backward_condition: Condition.nullable().optional(),
});
export type ElEdge = z.infer<typeof ElEdge>;

const base = {
  position: z.looseObject({ x: z.number(), y: z.number() }).optional(),
  edge_order: z.array(z.string()).optional(),
};
export const ElNode = z.discriminatedUnion('type', [
  z.looseObject({ ...base, type: z.literal('start') }),
  z.looseObject({ ...base, type: z.literal('end') }),
  z.looseObject({
    ...base,
    type: z.literal('override_agent'),
    label: z.string().optional(),
    additional_prompt: z.string().optional(),
    additional_tool_ids: z.array(z.string()).optional(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('standalone_agent'),
    agent_id: z.string().min(1),
    transfer_message: z.string().nullable().optional(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('phone_number'),
    transfer_destination: z.looseObject({ phone_number: z.string().optional(), sip_uri: z.string().optional() }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('tool'),
    tools: z.array(z.looseObject({ tool_id: z.string().min(1) })).min(1),
  }),
]);
export type ElNode = z.infer<typeof ElNode>;

export const ElWorkflow = z.looseObject({
  nodes: z.record(z.string(), ElNode),
  edges: z.record(z.string(), ElEdge),
});
export type ElWorkflow = z.infer<typeof ElWorkflow>;

export const ElAgentSection = z.looseObject({
  first_message: z.string().nullable().optional(),
  prompt: z.looseObject({ prompt: z.string().optional(), tools: z.array(ElTool).optional() }).optional(),
  dynamic_variables: z
    .looseObject({ dynamic_variable_placeholders: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});

export const ElAgent = z.looseObject({
  name: z.string().optional(),
  conversation_config: z.looseObject({ agent: ElAgentSection.optional(), workflow: ElWorkflow.optional() }),
  workflow: ElWorkflow.optional(),
});
export type ElAgent = z.infer<typeof ElAgent>;
