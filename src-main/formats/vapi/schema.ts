import { z } from 'zod';

/** VAPI assistant and squad JSON (API / dashboard exports). Loose: unknown keys are kept. */

export const VapiTool = z.looseObject({
  type: z.string().min(1),
  function: z
    .looseObject({
      name: z.string().min(1),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
export type VapiTool = z.infer<typeof VapiTool>;

export const VapiMessage = z.looseObject({ role: z.string().min(1), content: z.string().optional() });

export const VapiAssistant = z.looseObject({
  name: z.string().optional(),
  firstMessage: z.string().nullable().optional(),
  firstMessageMode: z.string().optional(),
  model: z
    .looseObject({
      messages: z.array(VapiMessage).optional(),
      tools: z.array(VapiTool).optional(),
    })
    .optional(),
  tools: z.array(VapiTool).optional(),
});
export type VapiAssistant = z.infer<typeof VapiAssistant>;

export const VapiDestination = z.looseObject({
  type: z.string().optional(),
  assistantName: z.string().min(1).optional(),
  assistantId: z.string().min(1).optional(),
  description: z.string().optional(),
});
export type VapiDestination = z.infer<typeof VapiDestination>;

export const VapiMember = z
  .looseObject({
    assistant: VapiAssistant.optional(),
    assistantId: z.string().min(1).optional(),
    assistantDestinations: z.array(VapiDestination).optional(),
  })
  .superRefine((m, ctx) => {
    if (!m.assistant && !m.assistantId)
      ctx.addIssue({
        code: 'custom',
        path: ['assistant'],
        message: 'missing; expected an inline assistant or an assistantId',
      });
  });
export type VapiMember = z.infer<typeof VapiMember>;

export const VapiSquad = z.looseObject({
  name: z.string().optional(),
  members: z.array(VapiMember).min(1),
});
export type VapiSquad = z.infer<typeof VapiSquad>;
