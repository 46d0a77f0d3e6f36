import type { Command } from 'commander';
import { withApp, type App, type CliDoor } from '../app/index.js';
import { asCli } from './errors.js';

/** Adds `--db PATH` to a command. */
export function withDbOption(cmd: Command): Command {
  return cmd.option('--db <path>', 'SQLite database file (default: $PARLEY_DB or the user data folder)');
}

/** The application's method table (app/rooms.ts), loaded when a command first calls a method. */
const methods = async () => (await import('../app/rooms.js')).METHODS;

/**
 * Opens the application on the database named by --db / $PARLEY_DB / the user-data folder, runs `fn`, then closes
 * everything. `fn` gets the application and its door: `door.call('runs.list', {...})` calls the same method by
 * name as the app's API does (app/rooms.ts), so the two doors cannot differ. Application errors become one-line
 * CLI errors (cli/errors.ts: the flag each request field comes from, the exit status of each error code); `flags`
 * adds this command's own spellings.
 */
export function useApp<T>(
  opts: { db?: string },
  fn: (app: App, door: CliDoor) => Promise<T> | T,
  flags: Record<string, string> = {},
): Promise<T> {
  return asCli(() => withApp(opts.db, (app, door) => fn(app, door(methods))), flags);
}
