import { mergeShardRuns } from '../../app/index.js';
import { exportRun } from '../../reports/run-export.js';
import { service, type ApiContext } from '../context.js';
import { notFound } from '../errors.js';
import { RunManager } from './runs-manager.js';
import type { Handlers } from './types.js';

/** The app's run manager: one per context, disposed (runs cancelled, models unloaded) with it. */
export const runManager = (ctx: ApiContext): RunManager => service(ctx, 'runs', () => new RunManager(ctx));

export const runControlHandlers: Handlers = {
  'runs.start': async (ctx, input) => ({ run_id: await runManager(ctx).start(input) }),
  'runs.cancel': (ctx, { id }) => ({ cancelled: runManager(ctx).cancel(id) }),
  'runs.resume': async (ctx, { id, force }) => ({ run_id: await runManager(ctx).resume(id, force) }),
  'runs.live': (ctx, { id }) => runManager(ctx).live(id),
  'runs.groupFailures': (ctx, { id, judge }) => runManager(ctx).groupFailures(id, judge),
  'runs.evaluate': async (ctx, input) => ({ run_id: await runManager(ctx).evaluate(input) }),
  'runs.replay': async (ctx, input) => ({ run_id: await runManager(ctx).replay(input) }),
  'runs.merge': (ctx, { ids }) => ({ run_id: mergeShardRuns(ctx.store, ids).id }),
  'runs.export': (ctx, { id, format }) => {
    const out = exportRun(ctx.store, id, format);
    if (!out) throw notFound(`run ${id}`);
    return { text: out.text, filename: out.filename };
  },
};
