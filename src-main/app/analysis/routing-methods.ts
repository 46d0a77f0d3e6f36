import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** analysis.routing*: the routing ambiguity check as a job (src-main/app/analysis/analyze-routing.ts). */
export const analysisRoutingMethods: Methods = {
  'analysis.routing': async (ctx, input) => ({ job_id: (await appOf(ctx).analysis.routing(input)).id }),
  'analysis.routingHistory': (ctx, { agent_id, agent_version_id }) =>
    appOf(ctx).analysis.routingHistory(agent_id, agent_version_id),
};
