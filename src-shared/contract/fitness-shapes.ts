import { z } from 'zod';
import { ReadinessFamily, ReadinessRole } from '../schemas/readiness.js';

/** The stored readiness verdict of a model in a role (src-shared/readiness/fitness.ts), as the API sends it. */
export const FamilyFigure = z.object({
  family: ReadinessFamily,
  fit: z.enum(['fit', 'weak', 'unfit']),
  correct: z.number().int(),
  total: z.number().int(),
  low: z.number(),
  high: z.number(),
  weak_on: z.array(z.string()),
  text: z.string(),
});

export const RoleFitness = z.object({
  role: ReadinessRole,
  model: z.string(),
  state: z.enum(['fit', 'weak', 'unfit', 'unchecked']),
  figures: z.array(FamilyFigure),
  check_id: z.string().nullable(),
  checked_at: z.string().nullable(),
  cancelled: z.boolean(),
  text: z.string(),
});
export type RoleFitness = z.infer<typeof RoleFitness>;
