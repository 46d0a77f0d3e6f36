import { describe, expect, it } from 'vitest';
import type { ChatWrapper, LlamaChat, LlamaContext } from 'node-llama-cpp';
import { SlotPool } from '../../../src-main/providers/llama-cpp/slot-pool.js';
import { LanePool } from '../../../src-main/providers/llama-cpp/lane-pool.js';

// Stand-ins for a context's sequences: the pools' placement logic is what is tested here; the
// integration tests run the same pools on real contexts of the tiny GGUF.
function lane(index: number, size: number) {
  const context = { getSequence: () => ({ disposed: false, dispose: async () => {} }) } as unknown as LlamaContext;
  const Chat = class {
    dispose() {}
  } as unknown as typeof LlamaChat;
  return new SlotPool(context, {} as ChatWrapper, size, Chat, index);
}

describe('lane pool', () => {
  it('places each new session on the lane with the fewest sessions and keeps it there', async () => {
    const pool = new LanePool([lane(0, 2), lane(1, 2)]);
    const [a, b, c] = [{}, {}, {}];
    const sa = await pool.acquire(a);
    const sb = await pool.acquire(b);
    const sc = await pool.acquire(c);
    expect([sa.lane, sb.lane, sc.lane]).toEqual([0, 1, 0]);
    expect(pool.busyCount()).toBe(3);
    pool.release(sa);
    const again = await pool.acquire(a);
    expect(again).toBe(sa);
    expect(pool.stats()).toMatchObject({ lanes: 2, perLane: [2, 1], size: 4, created: 3, hits: 1 });
  });

  it('a disowned session frees its place: the next session fills the emptier lane', async () => {
    const pool = new LanePool([lane(0, 2), lane(1, 2)]);
    const [a, b, c] = [{}, {}, {}];
    const sa = await pool.acquire(a);
    pool.release(await pool.acquire(b));
    pool.release(sa);
    pool.disown(a);
    expect(pool.stats().perLane).toEqual([0, 1]);
    const sc = await pool.acquire(c);
    expect(sc.lane).toBe(0);
    expect(sc).toBe(sa); // the freed sequence, with the prefix a left in it
  });

  it('a call waits for its own lane even when another lane has room (its KV cache is there)', async () => {
    const pool = new LanePool([lane(0, 1), lane(1, 1)]);
    const [a, b, c] = [{}, {}, {}];
    const sa = await pool.acquire(a);
    await pool.acquire(b);
    let got: number | undefined;
    const pending = pool.acquire(c).then((s) => (got = s.lane));
    await Promise.resolve();
    expect(got).toBeUndefined();
    pool.release(sa);
    await pending;
    expect(got).toBe(0);
    expect(pool.stats()).toMatchObject({ waits: 1, takeovers: 1 });
  });

  it('refuses to be built without lanes', () => {
    expect(() => new LanePool([])).toThrow(/at least one lane/);
  });
});
