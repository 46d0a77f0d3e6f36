import { appOf } from '../door/app-service.js';
import { ApiFailure, notFound } from '../door/errors.js';
import type { Methods } from '../method-table.js';
import { requireRun } from '../refs/resolve.js';
import { runShowReport } from './run-show.js';

export const runMethods: Methods = {
  'runs.list': (ctx, { agent, ...f }) => {
    if (!agent) return ctx.store.runs.list(f);
    const found = ctx.store.agents.find(agent);
    if (!found) throw notFound(`agent ${JSON.stringify(agent)}`, 'agent');
    return ctx.store.runs.list({ ...f, agent_id: found.id });
  },
  // one "run not found" for every door: `run "x" not found` (app/refs/resolve.ts)
  'runs.get': (ctx, { id }) => {
    const run = requireRun(ctx.store, id);
    return { run, results: ctx.store.results.summariesByRun(run.id) };
  },
  'runs.report': (ctx, { id }) => runShowReport(ctx.store, id),
  'runs.result': (ctx, { id }) =>
    ctx.store.results.get(id) ??
    (() => {
      throw notFound(`result ${id}`);
    })(),
  'runs.results': (ctx, { id }) => {
    if (!ctx.store.runs.get(id)) throw notFound(`run ${id}`);
    return ctx.store.results.listByRun(id);
  },
  'runs.suite': (ctx, { id }) => {
    if (!ctx.store.runs.get(id)) throw notFound(`run ${id}`);
    return { suite: ctx.store.runs.suiteSnapshot(id) ?? null };
  },
  'runs.delete': (ctx, { id }) => {
    if (appOf(ctx).runs.runningHere(id))
      throw new ApiFailure({ code: 'conflict', message: `run ${id} is running: cancel it before deleting it` });
    return { deleted: ctx.store.runs.delete(id) };
  },
};
