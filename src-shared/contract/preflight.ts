import { z } from 'zod';
import { ModelSpec, ProviderId } from '../schemas/index.js';

export const PREFLIGHT_ROLES = ['agent', 'caller', 'judge'] as const;
export const PreflightRole = z.enum(PREFLIGHT_ROLES);
export type PreflightRole = z.infer<typeof PreflightRole>;

/** One problem the pre-run check found with a model: what is wrong and what to do, in plain words. */
export const ModelProblem = z.object({
  /** error: the run cannot work (it is not started); warning: it can, worse (e.g. conversations end early). */
  severity: z.enum(['error', 'warning']),
  kind: z.enum([
    'unauthorized',
    'connection_refused',
    'model_not_found',
    'invalid_model',
    'context_too_small',
    'unavailable',
  ]),
  /** The run's roles this model plays. */
  roles: z.array(PreflightRole),
  provider: ProviderId,
  model: z.string(),
  /** URL or file path. */
  endpoint: z.string().optional(),
  problem: z.string(),
  fix: z.string(),
  /** A one-click fix: the button's label and the spec to use instead. */
  fix_label: z.string().optional(),
  fixed_spec: ModelSpec.optional(),
  /** context_too_small: the model's context, what the run needs, what the file was trained for. */
  context: z
    .object({ tokens: z.number().int(), needed: z.number().int(), trained: z.number().int().optional() })
    .optional(),
});
export type ModelProblem = z.infer<typeof ModelProblem>;
