import { openStore, resolveDbPath } from '../../store/index.js';
import type { ApiContext } from './context.js';
import { createApiContext, disposeApiContext } from './create-context.js';

/** Web mode's context on one database, kept open while the server runs. */
export interface WebContext {
  ctx: ApiContext;
  /** The database file it opened. */
  db: string;
  /** Stops its services (cancels runs, unloads models), then closes the database. */
  close(): Promise<void>;
}

/** Opens the database named by `db` (else $PARLEY_DB, else the user-data folder) with web mode's rules. */
export function openWebContext(db?: string): WebContext {
  const store = openStore(resolveDbPath(db));
  const ctx = createApiContext(store, 'web');
  return {
    ctx,
    db: store.file,
    async close() {
      await disposeApiContext(ctx);
      store.close();
    },
  };
}
