import { ApiFailure, notFound } from '../door/errors.js';
import type { Methods } from '../method-table.js';
import { resolveAgentVersion } from '../refs/resolve.js';

export const agentMethods: Methods = {
  'agents.list': (ctx) => ctx.store.agents.list(),
  'agents.get': (ctx, { id, version_id }) => {
    const { agent, version: v } = resolveAgentVersion(ctx.store, id, version_id, {
      agent: 'id',
      version: 'version_id',
    });
    const { graph, ...version } = v;
    return { agent, version, graph, versions: ctx.store.agents.versions(agent.id) };
  },
  'agents.create': (ctx, { graph, name }) => {
    const { agent, version } = ctx.store.agents.create(graph, { name });
    const { graph: _g, ...meta } = version;
    return { agent, version: meta };
  },
  'agents.save': (ctx, { id, graph, note }) => {
    if (!ctx.store.agents.summary(id)) throw notFound(`agent ${id}`);
    const { version, created } = ctx.store.agents.saveVersion(id, graph, note);
    const { graph: _g, ...meta } = version;
    return { version: meta, created };
  },
  'agents.delete': (ctx, { id, force }) => {
    if (!ctx.store.agents.summary(id)) throw notFound(`agent ${id}`);
    try {
      return ctx.store.agents.delete(id, { force });
    } catch (e) {
      throw new ApiFailure({ code: 'conflict', message: (e as Error).message });
    }
  },
};
