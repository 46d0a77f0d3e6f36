import { modelFitness } from '../../app/index.js';
import { appOf } from '../app-service.js';
import type { Handlers } from './types.js';

/** models.check / models.checks: the model readiness check (src-main/app/readiness.ts) as a job; models.fitness: its stored verdict. */
export const modelReadinessHandlers: Handlers = {
  'models.check': async (ctx, input) => ({ job_id: (await appOf(ctx).readiness.start(input)).id }),
  'models.checks': (ctx, { model }) => ({ checks: appOf(ctx).readiness.list(model) }),
  'models.fitness': (ctx, { role, model, digest }) => ({ fitness: modelFitness(ctx.store, role, model, digest) }),
};
