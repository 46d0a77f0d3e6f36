import { createProviderRegistry } from '../providers/registry.js';
import fs from 'node:fs';
import type { ReadinessReport } from '../../src-shared/schemas/index.js';
import { openStore, resolveDbPath, type Store } from '../store/index.js';
import { createApp, type App } from './app.js';

/**
 * Opens the application on a database file (`db`, else $PARLEY_DB, else the user-data folder) with a model
 * registry of its own, runs `fn`, then cancels what is still running, unloads the models and closes the store.
 * The command line's way in; the app and web mode create theirs over the store they keep open.
 */
export async function withApp<T>(db: string | undefined, fn: (app: App) => Promise<T> | T): Promise<T> {
  const store = openStore(resolveDbPath(db));
  const registry = createProviderRegistry();
  const app = createApp(store, () => registry);
  try {
    return await fn(app);
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
