import { describe, expect, it } from 'vitest';
import { InFlight, inFlightFor } from '../../../src-main/speech/in-flight.js';
import { SpeechError } from '../../../src-main/speech/types.js';

/** Work that finishes when released (or fails when told), recording how often it ran and whether it was cancelled. */
function gatedWork<T>() {
  let release!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const runs: AbortSignal[] = [];
  const work = (signal: AbortSignal) => {
    runs.push(signal);
    return new Promise<T>((res, rej) => {
      release = res;
      fail = rej;
    });
  };
  return { work, runs, release: (v: T) => release(v), fail: (e: unknown) => fail(e) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('identical work in flight', () => {
  it('one run per key: every waiter gets the same value; the first made it, the others shared it', async () => {
    const table = new InFlight();
    const g = gatedWork<{ heard: string }>();
    const a = table.join('k', undefined, g.work);
    const b = table.join('k', undefined, g.work);
    const c = table.join('k', undefined, g.work);
    expect([a.shared, b.shared, c.shared]).toEqual([false, true, true]);
    await tick();
    expect(g.runs).toHaveLength(1);
    expect(table.stats()).toEqual({ in_flight: 1, joined: 2 });
    const value = { heard: 'hello' };
    g.release(value);
    const got = await Promise.all([a.value, b.value, c.value]);
    expect(got.every((v) => v === value)).toBe(true);
    expect(table.stats()).toEqual({ in_flight: 0, joined: 2 });
  });

  it('another key, or the same key after the work is done, runs again', async () => {
    const table = new InFlight();
    let runs = 0;
    const work = (v: string) => async () => (runs++, v);
    const [x, y] = [table.join('x', undefined, work('x')), table.join('y', undefined, work('y'))];
    expect(await Promise.all([x.value, y.value])).toEqual(['x', 'y']);
    const again = table.join('x', undefined, work('x2'));
    expect(again.shared).toBe(false);
    expect(await again.value).toBe('x2');
    expect(runs).toBe(3);
  });

  it('every waiter gets the same error, and the key is free again afterwards', async () => {
    const table = new InFlight();
    const g = gatedWork<string>();
    const a = table.join('k', undefined, g.work);
    const b = table.join('k', undefined, g.work);
    await tick();
    const err = new SpeechError('flite failed', 'command_failed', 'flite');
    g.fail(err);
    const [ra, rb] = await Promise.allSettled([a.value, b.value]);
    expect(ra).toEqual({ status: 'rejected', reason: err });
    expect(rb).toEqual({ status: 'rejected', reason: err });
    expect(table.stats().in_flight).toBe(0);
    expect(table.join('k', undefined, async () => 'ok').shared).toBe(false);
  });

  it('a work that throws at once fails its waiters, not the caller of join', async () => {
    const table = new InFlight();
    const j = table.join('k', undefined, () => {
      throw new Error('bad spec');
    });
    await expect(j.value).rejects.toThrow('bad spec');
  });

  it('one waiter cancelled leaves with a cancelled error; the work goes on for the other', async () => {
    const table = new InFlight();
    const g = gatedWork<string>();
    const stop = new AbortController();
    const a = table.join('k', stop.signal, g.work);
    const b = table.join('k', undefined, g.work);
    await tick();
    stop.abort();
    await expect(a.value).rejects.toMatchObject({ code: 'cancelled' });
    expect(g.runs[0].aborted).toBe(false);
    g.release('heard');
    expect(await b.value).toBe('heard');
    expect(g.runs).toHaveLength(1);
  });

  it('the first asker cancelled does not cancel a joiner: the joiner still gets the result', async () => {
    const table = new InFlight();
    const g = gatedWork<string>();
    const first = new AbortController();
    const a = table.join('k', first.signal, g.work);
    const later = new AbortController();
    const b = table.join('k', later.signal, g.work);
    await tick();
    first.abort();
    await expect(a.value).rejects.toMatchObject({ code: 'cancelled' });
    g.release('heard');
    expect(await b.value).toBe('heard');
  });

  it('when every waiter has left, the work is cancelled and the next asker starts afresh', async () => {
    const table = new InFlight();
    const g = gatedWork<string>();
    const [s1, s2] = [new AbortController(), new AbortController()];
    const a = table.join('k', s1.signal, g.work);
    const b = table.join('k', s2.signal, g.work);
    await tick();
    s1.abort();
    expect(g.runs[0].aborted).toBe(false);
    s2.abort();
    expect(g.runs[0].aborted).toBe(true);
    await expect(a.value).rejects.toMatchObject({ code: 'cancelled' });
    await expect(b.value).rejects.toMatchObject({ code: 'cancelled' });
    expect(table.stats().in_flight).toBe(0);
    const g2 = gatedWork<string>();
    const c = table.join('k', undefined, g2.work);
    expect(c.shared).toBe(false);
    await tick();
    g2.release('fresh');
    expect(await c.value).toBe('fresh');
    g.fail(new Error("cancelled work finishing late is nobody's error"));
    await tick();
  });

  it('an asker already cancelled is refused and starts nothing', async () => {
    const table = new InFlight();
    const stop = new AbortController();
    stop.abort();
    let runs = 0;
    const j = table.join('k', stop.signal, async () => (runs++, 'x'));
    await expect(j.value).rejects.toMatchObject({ code: 'cancelled' });
    expect(runs).toBe(0);
    expect(table.stats().in_flight).toBe(0);
  });

  it('one table per cache', () => {
    const cache = {};
    expect(inFlightFor(cache)).toBe(inFlightFor(cache));
    expect(inFlightFor(cache)).not.toBe(inFlightFor({}));
  });
});
