import fs from 'node:fs';
import path from 'node:path';
import type { Methods } from '../method-table.js';
import { APP_VERSION } from '../../app-version.js';

/** `<db folder>/backups/parley-2026-11-22T06-30-00.db`. */
function backupPath(dbFile: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '-');
  return path.join(path.dirname(dbFile), 'backups', `${path.basename(dbFile).replace(/\.db$/, '')}-${stamp}.db`);
}

/** app.*: `builtMethods` lists every method with a handler (the method table passes its names). */
export const workspaceMethods = (builtMethods: () => string[]): Methods => ({
  'app.info': (ctx) => ({
    version: APP_VERSION,
    db_path: ctx.store.file,
    mode: ctx.mode,
    features: Object.fromEntries(builtMethods().map((m) => [m, true])),
  }),
  'app.backup': async (ctx) => {
    const dest = backupPath(ctx.store.file);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    await ctx.store.backup(dest);
    return { path: dest, bytes: fs.statSync(dest).size };
  },
});
