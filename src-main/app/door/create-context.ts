import type { Store } from '../../store/index.js';
import type { ApiContext, Keychain } from './context.js';
import { EventBus } from './events.js';

export function createApiContext(store: Store, mode: 'desktop' | 'web', keychain?: Keychain): ApiContext {
  return { store, mode, events: new EventBus(), keychain, services: new Map() };
}

/** Stops long-lived services (cancels runs, unloads models) before the store closes. */
export async function disposeApiContext(ctx: ApiContext): Promise<void> {
  for (const s of ctx.services.values()) {
    const d = s as { dispose?: () => Promise<void> | void; close?: () => Promise<void> | void };
    try {
      await (d.dispose?.() ?? d.close?.());
    } catch {
      /* shutting down */
    }
  }
}
