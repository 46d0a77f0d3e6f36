import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../src-main/providers/types.js';
import { backoffDelay, parseRetryAfter, withRetry } from '../../../src-main/providers/shared/retry.js';

const err = (code: ProviderError['code'], status?: number, retryAfterMs?: number) => {
  const e = new ProviderError('x', code, 'openai', 'm');
  e.status = status;
  e.retryAfterMs = retryAfterMs;
  return e;
};

describe('backoff', () => {
  it('doubles from baseMs and caps at maxMs (no jitter)', () => {
    const o = { baseMs: 100, maxMs: 1000, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, o))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('jitter stays within ±jitter', () => {
    const lo = backoffDelay(3, { baseMs: 100, jitter: 0.2, random: () => 0 });
    const hi = backoffDelay(3, { baseMs: 100, jitter: 0.2, random: () => 1 });
    expect(lo).toBe(320);
    expect(hi).toBe(480);
  });

  it('Retry-After wins over the exponential delay', () => {
    expect(backoffDelay(1, { baseMs: 100 }, 2500)).toBe(2500);
  });

  it('parses Retry-After seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('retries 429/5xx/timeouts with growing delays, then succeeds', async () => {
    const delays: number[] = [];
    const fails = [err('rate_limited', 429), err('server_error', 503), err('timeout')];
    let calls = 0;
    const r = await withRetry(
      async () => {
        calls++;
        const f = fails.shift();
        if (f) throw f;
        return 'ok';
      },
      { retries: 3, baseMs: 10, jitter: 0, sleep: async (ms) => void delays.push(ms) },
    );
    expect(r).toBe('ok');
    expect(calls).toBe(4);
    expect(delays).toEqual([10, 20, 40]);
  });

  it('honours Retry-After from the error', async () => {
    const delays: number[] = [];
    let n = 0;
    await withRetry(
      async () => {
        if (n++ === 0) throw err('rate_limited', 429, 1234);
        return 1;
      },
      { sleep: async (ms) => void delays.push(ms) },
    );
    expect(delays).toEqual([1234]);
  });

  it('gives up after `retries` and rethrows the last error', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw err('server_error', 500);
        },
        { retries: 2, sleep: async () => {} },
      ),
    ).rejects.toMatchObject({ code: 'server_error' });
    expect(calls).toBe(3);
  });

  it('does not retry 4xx, auth, missing model or connection refused', async () => {
    for (const e of [
      err('server_error', 400),
      err('unauthorized', 401),
      err('model_not_found', 404),
      err('connection_refused'),
    ]) {
      let calls = 0;
      await expect(
        withRetry(
          async () => {
            calls++;
            throw e;
          },
          { sleep: async () => {} },
        ),
      ).rejects.toBe(e);
      expect(calls).toBe(1);
    }
  });

  it('stops waiting when the signal aborts', async () => {
    const ac = new AbortController();
    const started = Date.now();
    const p = withRetry(
      async () => {
        throw err('rate_limited', 429);
      },
      { baseMs: 10_000, jitter: 0, signal: ac.signal },
    );
    setTimeout(() => ac.abort(new Error('stop')), 20);
    await expect(p).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a Retry-After longer than maxRetryAfterMs', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw err('rate_limited', 429, 3_600_000);
        },
        { sleep: async () => {} },
      ),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    expect(calls).toBe(1);
  });
});
