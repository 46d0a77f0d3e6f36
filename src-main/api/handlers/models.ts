import { ModelSettings } from '../../../src-shared/contract/models.js';
import type { Handlers } from './types.js';

const KEY = 'models';

export const modelHandlers: Handlers = {
  'models.settings': (ctx) => ModelSettings.parse(ctx.store.settings.get(KEY) ?? {}),
  'models.saveSettings': (ctx, settings) => {
    ctx.store.settings.set(KEY, settings);
    return settings;
  },
};
