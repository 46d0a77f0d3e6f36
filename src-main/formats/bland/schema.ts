import { z } from 'zod';

/**
 * Bland AI JSON as its API documents it. Loose: unknown keys are kept, not refused.
 * - An agent configuration (inbound number / send-call settings): `prompt`, `first_sentence`, `tools`, voice...
 * - A conversational pathway: `nodes[]` (`id`, `type`, `data`) and `edges[]` (`source`, `target`, `label`).
 */

export const BlandTool = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
});
export type BlandTool = z.infer<typeof BlandTool>;

export const BlandAgent = z
  .looseObject({
    /** The agent's prompt; a send-call body (`POST /v1/calls`) calls it `task`. */
    prompt: z.string().optional(),
    task: z.string().optional(),
    first_sentence: z.string().nullable().optional(),
    wait_for_greeting: z.boolean().optional(),
    request_data: z.record(z.string(), z.unknown()).optional(),
    /** A custom tool inline, or the id of a tool saved in Bland (`TL-...`). */
    tools: z.array(z.union([BlandTool, z.string().min(1)])).optional(),
  })
  .refine((a) => a.prompt !== undefined || a.task !== undefined, {
    path: ['prompt'],
    error: 'expected a string: the agent prompt (`prompt`, or `task` in a send-call body)',
  });
export type BlandAgent = z.infer<typeof BlandAgent>;

/** Node types Parley maps; the other documented types are read as conversation nodes with their settings kept. */
export const MAPPED_NODE_TYPES = [
  'Default',
  'End Call',
  'Transfer Call',
  'Transfer Node',
  'Webhook',
  'Custom Tool',
  'Press Button',
] as const;
export const KEPT_NODE_TYPES = [
  'Knowledge Base',
  'SMS',
  'Custom Code',
  'Wait for Response',
  'Transfer Pathway',
  'Scheduling',
  'Route',
  'Global',
] as const;
export const BLAND_NODE_TYPES: readonly string[] = [...MAPPED_NODE_TYPES, ...KEPT_NODE_TYPES];

/** `extractVars`: `[name, type, description]` triples. */
export const ExtractVar = z.tuple([z.string().min(1), z.string().min(1), z.string()]).rest(z.unknown());

export const BlandNodeData = z.looseObject({
  name: z.string().optional(),
  isStart: z.boolean().optional(),
  isGlobal: z.boolean().optional(),
  globalLabel: z.string().optional(),
  text: z.string().optional(),
  prompt: z.string().optional(),
  transferNumber: z.string().optional(),
  extractVars: z.array(ExtractVar).optional(),
});

export const BlandNode = z.looseObject({
  id: z.string().min(1),
  type: z.string().refine((t) => BLAND_NODE_TYPES.includes(t), {
    error: (iss) =>
      `unknown node type ${JSON.stringify(iss.input)}; expected one of ${BLAND_NODE_TYPES.map((t) => JSON.stringify(t)).join(', ')}`,
  }),
  data: BlandNodeData,
  position: z.looseObject({ x: z.number(), y: z.number() }).optional(),
});
export type BlandNode = z.infer<typeof BlandNode>;

export const BlandEdge = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  label: z.string().optional(),
  data: z.looseObject({ label: z.string().optional() }).optional(),
});
export type BlandEdge = z.infer<typeof BlandEdge>;

export const BlandPathway = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  nodes: z.array(BlandNode).min(1),
  edges: z.array(BlandEdge),
  /** Pathway-wide settings; `globalPrompt` is read as the graph's global prompt, the rest kept. */
  globalConfig: z.looseObject({ globalPrompt: z.string().optional() }).optional(),
});
export type BlandPathway = z.infer<typeof BlandPathway>;

/** Bland's `extractVars` types and Parley's extract types. */
export const VAR_TYPE_TO_PARLEY: Record<string, 'text' | 'number' | 'boolean'> = {
  string: 'text',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
};
