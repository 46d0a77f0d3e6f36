import { describe, expect, it } from 'vitest';
import { runPool } from '../../../../src-main/engine/run/run-pool.js';

const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms));

/** An endless plan that records how far it was drawn. */
function* counting(drawn: { n: number }, limit = Infinity) {
  for (let i = 0; i < limit; i++) {
    drawn.n = i + 1;
    yield i;
  }
}

describe('runPool: the one loop over a plan', () => {
  it('runs every item once, at most `concurrency` at a time, handing outputs on in completion order', async () => {
    let running = 0;
    let peak = 0;
    const outs: number[] = [];
    const r = await runPool({
      items: [1, 2, 3, 4, 5, 6, 7],
      concurrency: 3,
      signal: new AbortController().signal,
      work: async (x) => {
        running++;
        peak = Math.max(peak, running);
        await tick(8 - x);
        running--;
        return x * 10;
      },
      onOutput: (o) => outs.push(o),
    });
    expect(r).toEqual({ finished: 7, aborted: false });
    expect(peak).toBe(3);
    expect([...outs].sort((a, b) => a - b)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('draws the plan lazily: a huge plan is never held in memory', async () => {
    const drawn = { n: 0 };
    const c = new AbortController();
    let done = 0;
    const r = await runPool({
      items: counting(drawn),
      concurrency: 2,
      signal: c.signal,
      work: async (x) => {
        await tick();
        if (++done === 10) c.abort('enough');
        return x;
      },
    });
    expect(r.aborted).toBe(true);
    // what ran, plus a backlog of at most `concurrency` items
    expect(drawn.n).toBeLessThanOrEqual(done + 2 + 2);
  });

  it('stops at the first unexpected failure and reports it; abandoned work (undefined) is not handed on', async () => {
    const outs: number[] = [];
    const r = await runPool({
      items: counting({ n: 0 }, 50),
      concurrency: 1,
      signal: new AbortController().signal,
      work: async (x) => {
        if (x === 3) throw new Error('disk full');
        return x === 1 ? undefined : x;
      },
      onOutput: (o) => outs.push(o),
    });
    expect(r).toEqual({ finished: 2, failure: 'disk full', aborted: false });
    expect(outs).toEqual([0, 2]);
  });

  it('a plan that fails while being drawn is a failure of the pool', async () => {
    function* broken() {
      yield 1;
      throw new Error('bad plan');
    }
    const r = await runPool({
      items: broken(),
      concurrency: 2,
      signal: new AbortController().signal,
      work: async (x) => x,
    });
    expect(r.failure).toBe('bad plan');
  });
});
