import type { PlaygroundEvent } from '../../../src-shared/contract/events.js';
import { fromInteractive, PlaygroundService } from './playground.js';
import { appModels } from '../door/app-service.js';
import { service, type ApiContext } from '../door/context.js';
import type { Methods } from '../method-table.js';

/** The app's Try-it conversations: one service per context, disposed (sessions stopped) with it. */
export const playgroundManager = (ctx: ApiContext): PlaygroundService =>
  service(
    ctx,
    'playground',
    () => new PlaygroundService(ctx.store, appModels(ctx), (e: PlaygroundEvent) => ctx.events.emit(e)),
  );

const wrap = async <T>(p: () => Promise<T>): Promise<T> => {
  try {
    return await p();
  } catch (e) {
    throw fromInteractive(e);
  }
};

export const playgroundMethods: Methods = {
  'playground.start': async (ctx, input) => {
    const state = await wrap(() => playgroundManager(ctx).start(input));
    return { session_id: state.session_id, state };
  },
  'playground.say': (ctx, { session_id, text, done }) =>
    wrap(() => playgroundManager(ctx).session(session_id).say(text, done)),
  'playground.step': (ctx, { session_id }) => wrap(() => playgroundManager(ctx).session(session_id).step()),
  'playground.stop': (ctx, { session_id }) => ({
    stopped: playgroundManager(ctx).pool.get(session_id)?.stop() ?? false,
  }),
  'playground.state': (ctx, { session_id }) => playgroundManager(ctx).session(session_id).state(),
  'playground.saveTest': (ctx, { session_id, ...req }) => playgroundManager(ctx).saveTest(session_id, req),
  'playground.saveRun': (ctx, { session_id, name }) => ({
    run_id: playgroundManager(ctx).saveRun(session_id, name).id,
  }),
};
