import { describe, expect, it } from 'vitest';
import { EndpointPool } from '../../../src-main/providers/shared/endpoint-pool.js';
import { providerError } from '../../../src-main/providers/shared/errors.js';
import { emptyUsage } from '../../../src-main/providers/types.js';

const context = { provider: 'openai' as const, model: 'm' };
const pool = (eps: Array<[string, Record<string, number>?]>, concurrency = 2) =>
  new EndpointPool(
    eps.map(([url, options]) => ({ url, options: options ?? {} })),
    { concurrency, context, retry: { baseMs: 1, maxMs: 2 } },
  );
const ok = (tokens = 0) => ({ usage: { ...emptyUsage(), prompt_tokens: tokens, completion_tokens: 4 } });

describe('EndpointPool', () => {
  it('starts new conversations on the endpoint with the fewest open per slot', () => {
    const p = pool([['http://a'], ['http://b', { concurrency: 4 }]]);
    const got = Array.from({ length: 6 }, () => p.assign());
    expect(got.filter((g) => g === 'http://a')).toHaveLength(2);
    expect(got.filter((g) => g === 'http://b')).toHaveLength(4);
    p.release('http://a');
    expect(p.assign()).toBe('http://a');
  });

  it('never runs more calls on an endpoint than its limit and dispatches to the least loaded', async () => {
    const p = pool([
      ['http://a', { concurrency: 1 }],
      ['http://b', { concurrency: 2 }],
    ]);
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const gates: Array<() => void> = [];
    const calls = Array.from({ length: 9 }, () =>
      p.call(async (url) => {
        running.set(url, (running.get(url) ?? 0) + 1);
        peak.set(url, Math.max(peak.get(url) ?? 0, running.get(url)!));
        await new Promise<void>((r) => gates.push(r));
        running.set(url, running.get(url)! - 1);
        return ok();
      }),
    );
    await new Promise((r) => setImmediate(r));
    // 3 slots: a gets 1, b gets 2, the other 6 wait
    expect(gates).toHaveLength(3);
    expect(p.stats().map((s) => s.in_flight)).toEqual([1, 2]);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(calls);
    expect(peak.get('http://a')).toBe(1);
    expect(peak.get('http://b')).toBe(2);
    expect(p.stats().reduce((n, s) => n + s.calls, 0)).toBe(9);
  });

  it('keeps a conversation on its endpoint while it is at most one call busier', async () => {
    const p = pool([
      ['http://a', { concurrency: 4 }],
      ['http://b', { concurrency: 4 }],
    ]);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) await p.call(async (url) => (seen.push(url), ok()), { prefer: 'http://b' });
    expect(seen).toEqual(['http://b', 'http://b', 'http://b', 'http://b']);
  });

  it('holds calls back at the tokens-per-minute limit', async () => {
    const p = new EndpointPool([{ url: 'http://a', options: { tpm: 100 } }], {
      concurrency: 4,
      context,
      windowMs: 300,
    });
    const t0 = Date.now();
    await p.call(async () => ok(200)); // 204 tokens: over the limit for the next 300 ms
    await p.call(async () => ok(1));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300 - 5);
  });

  it('does not count a 400 toward ejection', async () => {
    const p = pool([['http://a', { eject_after: 1 }]]);
    const bad = providerError({ ...context, where: 'http://a' }, 'invalid_spec', 'HTTP 400');
    bad.status = 400;
    await expect(p.call(async () => Promise.reject(bad))).rejects.toBe(bad);
    expect(p.stats()[0]).toMatchObject({ errors: 1, ejections: 0, ejected: false });
    p.close();
  });
});
