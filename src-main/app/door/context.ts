import type { Store } from '../../store/index.js';
import type { EventBus } from './events.js';

/** Secrets live in the OS keychain (desktop) — never in the DB. Web mode and the CLI have none. */
export interface Keychain {
  set(name: string, secret: string): Promise<void>;
  get(name: string): Promise<string | undefined>;
  has(name: string): Promise<boolean>;
}

export interface ApiContext {
  store: Store;
  mode: 'desktop' | 'web';
  events: EventBus;
  keychain?: Keychain;
  /**
   * Whether this door may name files on this machine by path (the command line's door: cli/use-app.ts). The app
   * and web mode send a file's contents instead; a method that reads paths refuses them (app/door/files.ts).
   */
  files?: boolean;
  /** Long-lived services handlers may attach (run manager, provider registry); created lazily. */
  services: Map<string, unknown>;
}

/** Gets or creates a long-lived service on the context. */
export function service<T>(ctx: ApiContext, key: string, create: () => T): T {
  let s = ctx.services.get(key) as T | undefined;
  if (s === undefined) {
    s = create();
    ctx.services.set(key, s);
  }
  return s;
}
