import type { Handlers } from './types.js';
import { handlers as all } from './index.js';
import { APP_VERSION } from '../../app-version.js';

export const systemHandlers: Handlers = {
  'app.info': (ctx) => ({
    version: APP_VERSION,
    db_path: ctx.store.file,
    mode: ctx.mode,
    features: Object.fromEntries(Object.keys(all).map((m) => [m, true])),
  }),
};
