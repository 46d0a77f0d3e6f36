import type { Command } from 'commander';
import { openStore, resolveDbPath, type Store } from '../store/index.js';

/** Adds `--db PATH` to a command. */
export function withDbOption(cmd: Command): Command {
  return cmd.option('--db <path>', 'SQLite database file (default: $PARLEY_DB or the user data folder)');
}

/** Opens the store named by --db / PARLEY_DB / default, runs fn, always closes. */
export async function useStore<T>(opts: { db?: string }, fn: (store: Store) => Promise<T> | T): Promise<T> {
  const store = openStore(resolveDbPath(opts.db));
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}
