import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** models.preflight: the New run dialog's check of one configuration (its id goes back with runs.start). */
export const modelPreflightMethods: Methods = {
  'models.preflight': async (ctx, input) => {
    const { id, ok, problems } = await appOf(ctx).runs.checkModels(input);
    return { ok, problems, preflight_id: id };
  },
};
