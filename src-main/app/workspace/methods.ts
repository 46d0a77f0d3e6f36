import fs from 'node:fs';
import path from 'node:path';
import type { ApiContext } from '../door/context.js';
import { requireFileAccess } from '../door/files.js';
import { AppError, invalid } from '../errors.js';
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

/**
 * A backup file the user named (the command line): never the database itself; an existing file is replaced only
 * with `force`, and removed first (SQLite's backup writes into a fresh file).
 */
function namedBackupFile(ctx: ApiContext, file: string, force: boolean): string {
  requireFileAccess(ctx, 'app.backup');
  const dest = path.resolve(file);
  if (dest === path.resolve(ctx.store.file)) throw invalid('backup file must differ from the database itself', 'file');
  if (fs.existsSync(dest)) {
    if (!force) throw new AppError({ code: 'conflict', message: `${dest} exists`, path: 'force' });
    fs.rmSync(dest);
  }
  return dest;
}

/** app.*: `builtMethods` lists every method with a handler (the method table passes its names). */
export const workspaceMethods = (builtMethods: () => string[]): Methods => ({
  'app.info': (ctx) => ({
    version: APP_VERSION,
    db_path: ctx.store.file,
    mode: ctx.mode,
    features: Object.fromEntries(builtMethods().map((m) => [m, true])),
  }),
  'app.backup': async (ctx, { file, force }) => {
    const dest = file === undefined ? backupPath(ctx.store.file) : namedBackupFile(ctx, file, force);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    await ctx.store.backup(dest);
    return { path: dest, bytes: fs.statSync(dest).size, source: ctx.store.file };
  },
});
