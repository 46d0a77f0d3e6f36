import { z } from 'zod';

/** Retell LLM (single or multi-state prompt), bare or as the dashboard exports it (`retellLlmData`). Loose: unknown keys are kept. */

export const RetellLlmTool = z.looseObject({
  type: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type RetellLlmTool = z.infer<typeof RetellLlmTool>;

export const RetellLlmEdge = z.looseObject({
  destination_state_name: z.string().min(1),
  description: z.string().optional(),
});
export type RetellLlmEdge = z.infer<typeof RetellLlmEdge>;

export const RetellLlmState = z.looseObject({
  name: z.string().min(1),
  state_prompt: z.string().optional(),
  edges: z.array(RetellLlmEdge).optional(),
  tools: z.array(RetellLlmTool).optional(),
});
export type RetellLlmState = z.infer<typeof RetellLlmState>;

export const RetellLlm = z.looseObject({
  general_prompt: z.string().nullable().optional(),
  begin_message: z.string().nullable().optional(),
  start_speaker: z.enum(['agent', 'user']).nullable().optional(),
  starting_state: z.string().nullable().optional(),
  default_dynamic_variables: z.record(z.string(), z.unknown()).nullable().optional(),
  general_tools: z.array(RetellLlmTool).nullable().optional(),
  states: z.array(RetellLlmState).nullable().optional(),
});
export type RetellLlm = z.infer<typeof RetellLlm>;

export const WRAPPER_KEY = 'retellLlmData';
export const RetellLlmWrapper = z.looseObject({ [WRAPPER_KEY]: RetellLlm, agent_name: z.string().optional() });
