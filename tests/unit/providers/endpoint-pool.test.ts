import { describe, expect, it } from 'vitest';
import { EndpointPool } from '../../../src-main/providers/shared/endpoint-pool.js';
import { emptyUsage } from '../../../src-main/providers/types.js';

describe('EndpointPool', () => {
  it('spreads sessions over endpoints by fewest open sessions', () => {
    const pool = new EndpointPool(['http://a', 'http://b', 'http://c'], 2);
    const got = Array.from({ length: 6 }, () => pool.assign());
    expect(got.filter((g) => g === 'http://a')).toHaveLength(2);
    expect(got.filter((g) => g === 'http://b')).toHaveLength(2);
    expect(got.filter((g) => g === 'http://c')).toHaveLength(2);
    pool.release('http://b');
    pool.release('http://b');
    expect(pool.assign()).toBe('http://b');
  });

  it('limits concurrent calls per endpoint and reports throughput', async () => {
    const pool = new EndpointPool(['http://a', 'http://b'], 2);
    let running = 0;
    let peak = 0;
    const call = (ep: string) =>
      pool.run(ep, async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return { usage: { ...emptyUsage(), prompt_tokens: 10, completion_tokens: 4 } };
      });
    await Promise.all([...Array(6)].map(() => call('http://a')));
    expect(peak).toBe(2);
    await expect(pool.run('http://b', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    const [a, b] = pool.stats();
    expect(a).toMatchObject({
      endpoint: 'http://a',
      calls: 6,
      errors: 0,
      prompt_tokens: 60,
      completion_tokens: 24,
      concurrency: 2,
    });
    // 6 calls of ~20 ms, 2 at a time -> ~60 ms busy, ~120 ms of call time
    expect(a.busy_ms).toBeGreaterThanOrEqual(55);
    expect(a.call_ms).toBeGreaterThanOrEqual(a.busy_ms);
    expect(a.tokens_per_s).toBeGreaterThan(0);
    expect(b).toMatchObject({ calls: 1, errors: 1 });
  });
});
