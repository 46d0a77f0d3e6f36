import { z } from 'zod';

/** voicetest's own graph JSON (its AgentGraph model dumped): `entry_node_id`, a `nodes` map, `node_type`, `transitions`. Loose. */

export const VtEquation = z.looseObject({
  left: z.string(),
  operator: z.string().min(1),
  right: z.string().optional(),
});
export const VtCondition = z.looseObject({
  type: z.enum(['llm_prompt', 'equation', 'always', 'tool_call']),
  value: z.string().optional(),
  equations: z.array(VtEquation).optional(),
  logical_operator: z.string().optional(),
});
export type VtCondition = z.infer<typeof VtCondition>;

export const VtTransition = z.looseObject({
  target_node_id: z.string().min(1),
  condition: VtCondition,
  description: z.string().nullable().optional(),
});
export type VtTransition = z.infer<typeof VtTransition>;

export const VtTool = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  type: z.string().optional(),
  tool_id: z.string().nullable().optional(),
});
export type VtTool = z.infer<typeof VtTool>;

export const VtNode = z.looseObject({
  id: z.string().min(1).optional(),
  state_prompt: z.string().optional(),
  node_type: z.string().optional(),
  transitions: z.array(VtTransition).optional(),
  tools: z.array(VtTool).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  variables_to_extract: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        type: z.string().optional(),
        description: z.string().optional(),
        choices: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  global_node_setting: z.looseObject({ condition: z.string() }).nullable().optional(),
});
export type VtNode = z.infer<typeof VtNode>;

export const VtGraph = z.looseObject({
  entry_node_id: z.string().min(1),
  nodes: z.record(z.string(), VtNode),
  source_type: z.string().optional(),
  source_metadata: z.record(z.string(), z.unknown()).optional(),
  snippets: z.record(z.string(), z.string()).optional(),
});
export type VtGraph = z.infer<typeof VtGraph>;
