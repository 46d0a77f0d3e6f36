import { createProviderRegistry } from '../providers/registry.js';
import type { ProviderRegistry } from '../providers/index.js';
import fs from 'node:fs';
import type { ReadinessReport } from '../../src-shared/schemas/index.js';
import { openStore, resolveDbPath, type Store } from '../store/index.js';
import type { MethodInput, MethodName, MethodOutput } from '../../src-shared/contract/index.js';
import { createApp, type App } from './app.js';
import { createApiContext } from './door/create-context.js';
import type { ApiContext } from './door/context.js';
import { AppError } from './errors.js';
import { callMethod, type MethodTable } from './method-table.js';

/**
 * What the command line holds while a command runs: the application, and its method table called by name with
 * the command line's door context (a local user: files may be named, command: speech engines and key variables
 * are the user's own). `call` throws the method's error as an AppError, which cli/errors.ts prints.
 */
export interface CliDoor {
  app: App;
  call<M extends MethodName>(name: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
}

/**
 * The door of one command: calls go to the table with a context that shares this app and its model registry.
 * The table is loaded on the first call (every room's code), so a command that calls none does not pay for it.
 */
export function cliDoor(
  app: App,
  store: Store,
  table: () => Promise<MethodTable>,
  registry: ProviderRegistry,
): CliDoor {
  const ctx: ApiContext = { ...createApiContext(store, 'desktop'), files: true };
  ctx.services.set('app', app);
  ctx.services.set('providers', registry);
  return {
    app,
    async call(name, input) {
      const result = await callMethod(await table(), ctx, name, input);
      if (!result.ok) throw new AppError(result.error);
      return result.output as never;
    },
  };
}

/**
 * Opens the application on a database file (`db`, else $PARLEY_DB, else the user-data folder) with a model
 * registry of its own, runs `fn`, then cancels what is still running, unloads the models and closes the store.
 * The command line's way in; the app and web mode create theirs over the store they keep open.
 */
export async function withApp<T>(
  db: string | undefined,
  fn: (app: App, door: (table: () => Promise<MethodTable>) => CliDoor) => Promise<T> | T,
): Promise<T> {
  const store = openStore(resolveDbPath(db));
  const registry = createProviderRegistry();
  const app = createApp(store, () => registry);
  try {
    return await fn(app, (table) => cliDoor(app, store, table, registry));
  } finally {
    await app.dispose(5_000);
    await registry.close();
    store.close();
  }
}

/** The database a door keeps open for its lifetime (web mode, the desktop app). */
export function openAppStore(db?: string): Store {
  return openStore(resolveDbPath(db));
}

/** The newest readiness check of each model, from an existing database only (listing never creates one). */
export function storedReadinessChecks(db?: string): ReadinessReport[] {
  const file = resolveDbPath(db);
  if (!fs.existsSync(file)) return [];
  const store = openStore(file);
  try {
    return store.modelChecks.latestPerModel();
  } finally {
    store.close();
  }
}
