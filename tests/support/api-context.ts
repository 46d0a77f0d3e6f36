/**
 * A fresh app context per test (a real SQLite file in a temp dir, web mode), the events it emits,
 * a typed caller through dispatch, and a poll helper. Registers its own beforeEach/afterEach.
 */
import { afterEach, beforeEach } from 'vitest';
import type { AppEvent, JobInfo } from '../../src-shared/contract/index.js';
import { createApiContext, disposeApiContext } from '../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../src-main/app/door/context.js';
import { openStore, type Store } from '../../src-main/store/index.js';
import { dispatchCaller } from './dispatch-call.js';
import { tempDbPath, tempDir } from './tmp.js';

export interface ApiTestContext {
  readonly ctx: ApiContext;
  readonly store: Store;
  readonly dir: string;
  readonly events: AppEvent[];
  call: ReturnType<typeof dispatchCaller>;
  /** Waits until `pred` holds (polls every 10 ms; fails after `ms`). */
  until(pred: () => boolean, ms?: number): Promise<void>;
  /** Waits for a job (app/jobs) to end and returns it with its outcome. */
  job(id: string, ms?: number): Promise<JobInfo>;
}

export function useApiContext(): ApiTestContext {
  let t: ReturnType<typeof tempDir>;
  let store: Store;
  let ctx: ApiContext;
  let off: () => void;
  const events: AppEvent[] = [];
  beforeEach(() => {
    t = tempDir();
    store = openStore(tempDbPath(t.dir));
    ctx = createApiContext(store, 'web');
    events.length = 0;
    off = ctx.events.on((e) => events.push(e));
  });
  afterEach(async () => {
    off();
    await disposeApiContext(ctx);
    store.close();
    t.cleanup();
  });
  return {
    get ctx() {
      return ctx;
    },
    get store() {
      return store;
    },
    get dir() {
      return t.dir;
    },
    events,
    call: dispatchCaller(() => ctx),
    async until(pred, ms = 20_000) {
      const t0 = Date.now();
      while (!pred()) {
        if (Date.now() - t0 > ms) throw new Error('timed out waiting');
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async job(id, ms = 60_000) {
      const call = dispatchCaller(() => ctx);
      const t0 = Date.now();
      for (;;) {
        const j = await call('jobs.get', { id });
        if (j.status !== 'running') return j;
        if (Date.now() - t0 > ms) throw new Error(`job ${id} still running after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}
