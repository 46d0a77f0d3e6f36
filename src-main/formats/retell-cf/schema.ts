import { z } from 'zod';

/** Retell conversation flow as exported by the API (bare) or the dashboard (wrapped in `conversationFlow`). Loose: unknown keys are kept. */

export const RetellEquation = z.looseObject({
  left: z.string(),
  operator: z.string().min(1),
  right: z.string().optional(),
});

export const RetellTransitionCondition = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('prompt'), prompt: z.string() }),
  z
    .looseObject({
      type: z.literal('equation'),
      equations: z.array(RetellEquation).optional(),
      operator: z.string().optional(),
      /** Older exports: the whole condition as one string, `{{a}} == 1 && {{b}} exists`. */
      equation: z.string().optional(),
    })
    .superRefine((c, ctx) => {
      if (c.equations === undefined && c.equation === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['equations'],
          message: 'missing; expected equations: [{"left": "{{variable}}", "operator": "==", "right": "value"}]',
        });
      }
    }),
]);
export type RetellTransitionCondition = z.infer<typeof RetellTransitionCondition>;

export const RetellEdge = z.looseObject({
  id: z.string().min(1),
  destination_node_id: z.string().min(1).optional(),
  transition_condition: RetellTransitionCondition,
});
export type RetellEdge = z.infer<typeof RetellEdge>;

export const RetellInstruction = z.looseObject({ type: z.enum(['prompt', 'static_text']), text: z.string() });

const GoBack = z.looseObject({ id: z.string().min(1), transition_condition: RetellTransitionCondition });

export const RetellNode = z
  .looseObject({
    id: z.string().min(1),
    type: z.string().min(1),
    name: z.string().optional(),
    instruction: RetellInstruction.optional(),
    edges: z.array(RetellEdge).optional(),
    else_edge: RetellEdge.optional(),
    always_edge: RetellEdge.optional(),
    skip_response_edge: RetellEdge.optional(),
    edge: RetellEdge.optional(),
    global_node_setting: z
      .looseObject({ condition: z.string(), go_back_conditions: z.array(GoBack).optional() })
      .optional(),
    display_position: z.looseObject({ x: z.number().optional(), y: z.number().optional() }).optional(),
    tool_id: z.string().optional(),
    speak_during_execution: z.boolean().optional(),
    wait_for_result: z.boolean().optional(),
    variables: z
      .array(
        z.looseObject({
          name: z.string().min(1),
          type: z.string(),
          description: z.string().optional(),
          choices: z.array(z.string()).optional(),
        }),
      )
      .optional(),
    transfer_destination: z.looseObject({ number: z.string().optional() }).optional(),
  })
  .superRefine((n, ctx) => {
    const need = (key: string, what: string) => {
      if ((n as Record<string, unknown>)[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: `missing; expected ${what} on a ${n.type} node` });
    };
    if (n.type === 'conversation' || n.type === 'subagent' || n.type === 'press_digit')
      need('instruction', '{"type": "prompt" | "static_text", "text": ...}');
    if (n.type === 'function') need('tool_id', "the tool_id of one of the flow's tools");
    if (n.type === 'extract_dynamic_variables') need('variables', 'the list of variables to extract');
  });
export type RetellNode = z.infer<typeof RetellNode>;

export const RetellTool = z.looseObject({
  name: z.string().min(1),
  type: z.string().optional(),
  tool_id: z.string().optional(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type RetellTool = z.infer<typeof RetellTool>;

export const RetellFlow = z.looseObject({
  start_node_id: z.string().min(1),
  start_speaker: z.enum(['agent', 'user']).optional(),
  global_prompt: z.string().optional(),
  default_dynamic_variables: z.record(z.string(), z.unknown()).optional(),
  nodes: z.array(RetellNode),
  tools: z.array(RetellTool).optional(),
});
export type RetellFlow = z.infer<typeof RetellFlow>;

export const RetellFlowWrapper = z.looseObject({ conversationFlow: RetellFlow, agent_name: z.string().optional() });
