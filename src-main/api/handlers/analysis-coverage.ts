import { conflict } from '../../app/index.js';
import { appOf } from '../app-service.js';
import { service, type ApiContext } from '../context.js';
import type { Handlers } from './types.js';

/** The gap proposals running in this process, by agent id (one per agent at a time). */
const running = (ctx: ApiContext) => service(ctx, 'analysis.gapTests', () => new Map<string, AbortController>());

/** analysis.coverage / proposeGapTests / saveGapTests: "Cover the gaps" (src-main/app/cover-gaps.ts). */
export const analysisCoverageHandlers: Handlers = {
  'analysis.coverage': (ctx, input) => appOf(ctx).analysis.coverage(input),
  'analysis.proposeGapTests': async (ctx, input) => {
    const app = appOf(ctx);
    const agent = app.store.agents.find(input.agent_id)?.id ?? input.agent_id;
    const active = running(ctx);
    if (active.has(agent)) throw conflict('proposals for this agent are already being written');
    const ac = new AbortController();
    active.set(agent, ac);
    try {
      return await app.analysis.proposeGapTests(input, {
        signal: ac.signal,
        onProgress: (done, total) =>
          ctx.events.emit({ type: 'analysis.progress', kind: 'gap_tests', agent_id: agent, done, total }),
      });
    } finally {
      active.delete(agent);
    }
  },
  'analysis.cancelGapTests': (ctx, { agent_id }) => {
    const id = appOf(ctx).store.agents.find(agent_id)?.id ?? agent_id;
    const ac = running(ctx).get(id);
    ac?.abort();
    return { cancelled: !!ac };
  },
  'analysis.saveGapTests': (ctx, input) => appOf(ctx).analysis.saveGapTests(input),
};
