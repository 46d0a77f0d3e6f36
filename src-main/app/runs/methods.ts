import { appOf } from '../door/app-service.js';
import { ApiFailure, notFound } from '../door/errors.js';
import type { Methods } from '../method-table.js';

export const runMethods: Methods = {
  'runs.list': (ctx, f) => ctx.store.runs.list(f),
  'runs.get': (ctx, { id }) => {
    const run = ctx.store.runs.get(id);
    if (!run) throw notFound(`run ${id}`);
    return { run, results: ctx.store.results.summariesByRun(id) };
  },
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
