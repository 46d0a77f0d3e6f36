import { checkRunModels } from '../model-preflight.js';
import type { Handlers } from './types.js';

export const modelPreflightHandlers: Handlers = {
  'models.preflight': async (ctx, input) => {
    const problems = await checkRunModels(ctx, input);
    return { ok: !problems.some((p) => p.severity === 'error'), problems };
  },
};
