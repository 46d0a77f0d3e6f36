import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../src-shared/contract/index.js';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { StoreChanges } from '../../../src-main/api/store-changes.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

/**
 * The watcher of other processes' writes (src-main/api/store-changes.ts) on a real SQLite file: a second
 * connection to the same file stands in for the command line. `check()` is called by hand (the timer
 * does the same every second), so nothing here waits on a clock.
 */
describe('store changes from other processes', () => {
  const open: Store[] = [];
  const dirs: ReturnType<typeof tempDir>[] = [];
  const openOn = (file: string) => {
    const s = openStore(file);
    open.push(s);
    return s;
  };
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    for (const d of dirs.splice(0)) d.cleanup();
  });

  function setUp() {
    const dir = tempDir();
    dirs.push(dir);
    const file = tempDbPath(dir.dir);
    const ours = openOn(file);
    const ctx = createApiContext(ours, 'web');
    const events: AppEvent[] = [];
    ctx.events.on((e) => events.push(e));
    const watch = new StoreChanges(ctx, 60_000);
    return { file, ours, ctx, events, watch };
  }

  it('emits one store.changed per commit of another connection, none when idle or for its own writes', async () => {
    const { file, ours, ctx, events, watch } = setUp();
    const release = watch.hold();
    watch.check();
    expect(events).toEqual([]); // idle: nothing
    ours.settings.set('note', 'Ours');
    watch.check();
    expect(events).toEqual([]); // this process's own write has its own events
    const other = openOn(file);
    other.settings.set('note', 'Theirs');
    watch.check();
    expect(events).toEqual([{ type: 'store.changed' }]);
    watch.check();
    expect(events).toHaveLength(1); // told once per change
    other.settings.set('note', 'Again');
    other.settings.set('note', 'And again');
    watch.check();
    expect(events).toHaveLength(2); // two commits between two reads: one event
    release();
    await disposeApiContext(ctx);
  });

  it('polls only while someone listens, and stops for a closed store', () => {
    const { file, ours, events, watch } = setUp();
    const other = openOn(file);
    const first = watch.hold();
    const second = watch.hold();
    first();
    first(); // letting go twice counts once
    other.settings.set('note', 'A');
    watch.check();
    expect(events).toHaveLength(1); // the second holder still listens
    second();
    // no holder: a fresh hold starts from the current version, so a change made while nobody listened is not replayed
    other.settings.set('note', 'B');
    const third = watch.hold();
    watch.check();
    expect(events).toHaveLength(1);
    ours.close();
    expect(() => watch.check()).not.toThrow();
    third();
  });
});
