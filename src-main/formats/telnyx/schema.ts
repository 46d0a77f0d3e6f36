import { z } from 'zod';

/** Telnyx AI assistants as the Telnyx API returns them (one assistant, or a list `{data: [...]}`). Loose. */

export const TelnyxTool = z.looseObject({
  type: z.string().min(1),
  webhook: z
    .looseObject({
      name: z.string().min(1),
      description: z.string().optional(),
      body_parameters: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  handoff: z
    .looseObject({ ai_assistants: z.array(z.looseObject({ id: z.string().min(1), name: z.string().optional() })) })
    .optional(),
});
export type TelnyxTool = z.infer<typeof TelnyxTool>;

export const TelnyxAssistant = z.looseObject({
  id: z.string().min(1).optional(),
  name: z.string().optional(),
  instructions: z.string(),
  greeting: z.string().optional(),
  tools: z.array(TelnyxTool).optional(),
  dynamic_variables: z.record(z.string(), z.unknown()).optional(),
});
export type TelnyxAssistant = z.infer<typeof TelnyxAssistant>;

export const TelnyxAssistantList = z.looseObject({ data: z.array(TelnyxAssistant).min(1) });
export type TelnyxAssistantList = z.infer<typeof TelnyxAssistantList>;
