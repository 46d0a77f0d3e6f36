import { describe, expect, it } from 'vitest';
import { makePlan, planRun } from '../../../../src-main/engine/index.js';
import { TestSuite } from '../../../../src-shared/schemas/index.js';

describe('makePlan with a shard', () => {
  const suite = TestSuite.parse({
    name: 's',
    tests: [
      { name: 'a', user_prompt: 'x', repeats: 3 },
      { name: 'b', user_prompt: 'x' },
      { name: 'c', user_prompt: 'x', repeats: 2 },
    ],
  });
  const keys = (p: { test_index: number; repeat: number }[]) => p.map((x) => `${x.test_index}:${x.repeat}`);

  it('splits the plan into disjoint slices that cover it, differing in size by at most one', () => {
    const whole = keys(planRun(suite, {}));
    const slices = [1, 2, 3, 4].map((index) => makePlan(suite, { shard: { index, count: 4 } }));
    const drawn = slices.map((s) => keys([...s.items()]));
    expect(drawn.flat().sort()).toEqual([...whole].sort());
    expect(new Set(drawn.flat()).size).toBe(whole.length);
    expect(slices.map((s) => s.total)).toEqual(drawn.map((d) => d.length));
    expect(slices.map((s) => s.total)).toEqual([2, 2, 1, 1]);
    expect(drawn[0]).toEqual(['0:0', '2:0']);
  });

  it('a resumed shard counts only its own finished conversations', () => {
    const p = makePlan(suite, { shard: { index: 1, count: 2 } }, new Set(['0:0', '0:1']));
    // ordinals 0..5 are a:0 a:1 a:2 b:0 c:0 c:1; shard 1 of 2 holds the even ones: a:0 a:2 c:0
    expect(p.total).toBe(3);
    expect(p.remaining).toBe(2); // a:1 is finished but is not this shard's
    expect(keys([...p.items()])).toEqual(['0:2', '2:0']);
  });
});
