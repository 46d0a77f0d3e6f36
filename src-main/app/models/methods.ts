import { ModelSettings } from '../../../src-shared/contract/models.js';
import type { Methods } from '../method-table.js';

const KEY = 'models';

export const modelMethods: Methods = {
  'models.settings': (ctx) => ModelSettings.parse(ctx.store.settings.get(KEY) ?? {}),
  'models.saveSettings': (ctx, settings) => {
    ctx.store.settings.set(KEY, settings);
    return settings;
  },
};
