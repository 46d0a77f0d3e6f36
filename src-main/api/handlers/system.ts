import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Handlers } from './types.js';
import { handlers as all } from './index.js';

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { version: string };

export const systemHandlers: Handlers = {
  'app.info': (ctx) => ({
    version: pkg.version,
    db_path: ctx.store.file,
    mode: ctx.mode,
    features: Object.fromEntries(Object.keys(all).map((m) => [m, true])),
  }),
};
