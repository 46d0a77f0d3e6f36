import { z } from 'zod';

/** The RevRing flow definition as documented (schemaVersion 1). Loose: unknown keys are kept, not refused. */

const Position = z.looseObject({ x: z.number(), y: z.number() });

export const RevEquation = z.looseObject({
  variable: z.string().min(1),
  operator: z.string().min(1),
  value: z.string().optional(),
});
export const RevCondition = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('prompt'), promptText: z.string() }),
  z.looseObject({
    type: z.literal('equation'),
    match: z.enum(['any', 'all']).optional(),
    equations: z.array(RevEquation),
  }),
]);
export type RevCondition = z.infer<typeof RevCondition>;

export const RevEdge = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  kind: z.enum(['default', 'condition', 'else', 'skip']),
  order: z.number().int().optional(),
  condition: RevCondition.optional(),
});
export type RevEdge = z.infer<typeof RevEdge>;

const base = {
  id: z.string().min(1),
  name: z.string(),
  isGlobal: z.boolean().optional(),
  position: Position,
};
const Utter = z.enum(['prompt', 'static']);

export const RevNode = z.discriminatedUnion('type', [
  z.looseObject({
    ...base,
    type: z.literal('conversation'),
    data: z.looseObject({
      instructionType: Utter,
      instruction: z.string(),
      skipResponse: z.boolean().optional(),
      blockInterruptions: z.boolean().optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('function'),
    data: z.looseObject({
      toolName: z.string().min(1),
      speakDuringExecution: z.boolean().optional(),
      speakInstruction: z.string().optional(),
      speakInstructionType: Utter.optional(),
      blockInterruptions: z.boolean().optional(),
      waitForResult: z.boolean().optional(),
      outputVariables: z
        .array(z.looseObject({ outputKey: z.string().min(1), variableName: z.string().min(1) }))
        .optional(),
    }),
  }),
  z.looseObject({ ...base, type: z.literal('logic_split'), data: z.looseObject({}) }),
  z.looseObject({
    ...base,
    type: z.literal('call_transfer'),
    data: z.looseObject({
      transferTo: z.string(),
      transferMode: z.enum(['cold', 'warm']).optional(),
      speakDuringExecution: z.boolean().optional(),
      speakInstruction: z.string().optional(),
      holdMessage: z.string().optional(),
      holdMusicEnabled: z.boolean().optional(),
      summaryPrompt: z.string().optional(),
      introMessage: z.string().optional(),
    }),
  }),
  z.looseObject({ ...base, type: z.literal('end'), data: z.looseObject({ message: z.string().optional() }) }),
  z.looseObject({
    ...base,
    type: z.literal('press_digit'),
    data: z.looseObject({
      instruction: z.string(),
      detectionDelaySeconds: z.number().min(0).max(10).optional(),
    }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('extract_variable'),
    data: z.looseObject({
      variables: z
        .array(
          z.looseObject({
            variableName: z.string().min(1),
            description: z.string(),
            variableType: z.enum(['text', 'number', 'enum', 'boolean']),
            enumOptions: z.array(z.string()).optional(),
          }),
        )
        .min(1),
    }),
  }),
]);
export type RevNode = z.infer<typeof RevNode>;

export const RevFlow = z.looseObject({
  schemaVersion: z.literal(1),
  begin: z.looseObject({ startNodeId: z.string().min(1), whoSpeaksFirst: z.enum(['agent', 'user']) }),
  nodes: z.array(RevNode).min(1),
  edges: z.array(RevEdge),
  ui: z.unknown().optional(),
});
export type RevFlow = z.infer<typeof RevFlow>;

export const GLOBAL_SOURCE = '__global__';
export const REVRING_SIZE_LIMIT = 48 * 1024;
