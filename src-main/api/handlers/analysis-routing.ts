import { conflict } from '../../app/index.js';
import { appOf } from '../app-service.js';
import { service, type ApiContext } from '../context.js';
import type { Handlers } from './types.js';

/** The routing analyses running in this process, by agent id (one per agent at a time). */
const running = (ctx: ApiContext) => service(ctx, 'analysis.routing', () => new Map<string, AbortController>());

/** analysis.routing*: the routing ambiguity check, cancellable (src-main/app/analyze-routing.ts). */
export const analysisRoutingHandlers: Handlers = {
  'analysis.routing': async (ctx, input) => {
    const app = appOf(ctx);
    const agent = app.store.agents.find(input.agent_id)?.id ?? input.agent_id;
    const active = running(ctx);
    if (active.has(agent)) throw conflict(`a routing analysis of this agent is already running`);
    const ac = new AbortController();
    active.set(agent, ac);
    try {
      return await app.analysis.routing(input, {
        signal: ac.signal,
        onProgress: (done, total) =>
          ctx.events.emit({ type: 'analysis.progress', kind: 'routing', agent_id: agent, done, total }),
      });
    } finally {
      active.delete(agent);
    }
  },
  'analysis.cancelRouting': (ctx, { agent_id }) => {
    const id = appOf(ctx).store.agents.find(agent_id)?.id ?? agent_id;
    const ac = running(ctx).get(id);
    ac?.abort();
    return { cancelled: !!ac };
  },
  'analysis.routingHistory': (ctx, { agent_id, agent_version_id }) =>
    appOf(ctx).analysis.routingHistory(agent_id, agent_version_id),
};
