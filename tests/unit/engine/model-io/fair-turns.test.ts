import { describe, expect, it } from 'vitest';
import { fairTurn, parkedTurns, SLICE_MS } from '../../../../src-main/engine/model-io/fair-turns.js';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('fairTurn: continuations of answers that arrive together run a time slice per loop turn', () => {
  it('runs every continuation once, in arrival order, and lets timers run between slices', async () => {
    const order: number[] = [];
    let timerTicks = 0;
    const ticks: number[] = [];
    const interval = setInterval(() => timerTicks++, 0);
    // 40 conversations whose answers arrived in one turn, each needing 1 ms of work afterwards
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await fairTurn();
        ticks.push(timerTicks);
        busy(1);
        order.push(i);
      }),
    );
    clearInterval(interval);
    expect(order).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(parkedTurns()).toBe(0);
    // 40 ms of work in slices of SLICE_MS: the timer ran between them
    const slices = new Set(ticks).size;
    expect(slices).toBeGreaterThanOrEqual(Math.floor(40 / (SLICE_MS + 2)));
    const perSlice = [...new Set(ticks)].map((t) => ticks.filter((x) => x === t).length);
    expect(Math.max(...perSlice)).toBeLessThanOrEqual(SLICE_MS + 1);
  });
});
