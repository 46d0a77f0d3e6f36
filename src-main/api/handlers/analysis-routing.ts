import { appOf } from '../app-service.js';
import type { Handlers } from './types.js';

/** analysis.routing*: the routing ambiguity check as a job (src-main/app/analyze-routing.ts). */
export const analysisRoutingHandlers: Handlers = {
  'analysis.routing': async (ctx, input) => ({ job_id: (await appOf(ctx).analysis.routing(input)).id }),
  'analysis.routingHistory': (ctx, { agent_id, agent_version_id }) =>
    appOf(ctx).analysis.routingHistory(agent_id, agent_version_id),
};
