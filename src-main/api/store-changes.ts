import type { ApiContext } from '../app/door/context.js';
import { service } from '../app/door/context.js';

/** How often the store's data version is read while a window or page listens (one PRAGMA: microseconds). */
export const STORE_POLL_MS = 1000;

/**
 * Tells open pages when ANOTHER process wrote to the database file (`parley run --group-failures`,
 * `parley rejudge`, a second `parley serve`): while at least one window or event socket is open, SQLite's
 * `PRAGMA data_version` is read every `STORE_POLL_MS`, and a change emits one `store.changed` event, on
 * which the renderer refetches the queries on screen. This process's own writes do not change the data
 * version (they have their own events), and with nobody listening nothing is polled.
 */
export class StoreChanges {
  private holders = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private last: number | undefined;

  constructor(
    private readonly ctx: ApiContext,
    private readonly intervalMs = STORE_POLL_MS,
  ) {}

  /** A listener came (a window, an event socket); the returned function lets go of it, once. */
  hold(): () => void {
    this.holders++;
    if (!this.timer) this.start();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--this.holders === 0) this.stop();
    };
  }

  /** Reads the data version now; emits `store.changed` if another connection committed since the last read. */
  check(): void {
    const now = this.ctx.store.dataVersion();
    if (now === undefined) return this.stop();
    if (this.last !== undefined && now !== this.last) this.ctx.events.emit({ type: 'store.changed' });
    this.last = now;
  }

  private start(): void {
    this.last = this.ctx.store.dataVersion();
    this.timer = setInterval(() => this.check(), this.intervalMs);
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.holders = 0;
    this.stop();
  }
}

/** The context's one watcher (created on first use; stopped by disposeApiContext). */
export function storeChanges(ctx: ApiContext): StoreChanges {
  return service(ctx, 'store-changes', () => new StoreChanges(ctx));
}
