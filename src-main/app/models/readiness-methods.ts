import { modelFitness } from './model-fitness.js';
import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** models.check / models.checks: the model readiness check (src-main/app/models/readiness.ts) as a job; models.fitness: its stored verdict. */
export const modelReadinessMethods: Methods = {
  'models.check': async (ctx, input) => ({ job_id: (await appOf(ctx).readiness.start(input)).id }),
  'models.checks': (ctx, { model }) => ({ checks: appOf(ctx).readiness.list(model) }),
  'models.fitness': (ctx, { role, model, digest }) => ({ fitness: modelFitness(ctx.store, role, model, digest) }),
};
