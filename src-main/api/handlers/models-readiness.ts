import { appOf } from '../app-service.js';
import type { Handlers } from './types.js';

/** models.check / models.checks: the model readiness check (src-main/app/readiness.ts) as a job. */
export const modelReadinessHandlers: Handlers = {
  'models.check': async (ctx, input) => ({ job_id: (await appOf(ctx).readiness.start(input)).id }),
  'models.checks': (ctx, { model }) => ({ checks: appOf(ctx).readiness.list(model) }),
};
