import { describe, expect, it } from 'vitest';
import { SpeechPool } from '../../../src-main/speech/pool.js';
import { SpeechError } from '../../../src-main/speech/types.js';

/** A task that finishes when released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { work: async () => (log.push(name), await done, name), release };
}

describe('the speech pool', () => {
  it('runs at most `workers` calls at once; the owner served least recently goes next, not first come first served', async () => {
    const pool = new SpeechPool(1);
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const all = [
      ['a', 'a1'],
      ['a', 'a2'],
      ['a', 'a3'],
      ['b', 'b1'],
      ['b', 'b2'],
      ['c', 'c1'],
    ].map(([owner, name]) => {
      const g = gate(log, name);
      gates.set(name, g.release);
      return pool.run(owner, g.work);
    });
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setImmediate(r));
      expect(pool.stats().running).toBe(1);
      gates.get(log[log.length - 1])!();
    }
    await Promise.all(all);
    // a1 started at once; then b and c (never served), then a, b, a
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(pool.stats()).toMatchObject({ workers: 1, running: 0, queued: 0, done: 6, peak: 1 });
  });

  it('two workers run two calls at once; resize lets more start', async () => {
    const pool = new SpeechPool(2);
    const log: string[] = [];
    const tasks = ['x1', 'x2', 'x3', 'x4'].map((n) => gate(log, n));
    const all = tasks.map((t) => pool.run('x', t.work));
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['x1', 'x2']);
    pool.resize(4);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['x1', 'x2', 'x3', 'x4']);
    tasks.forEach((t) => t.release());
    expect(await Promise.all(all)).toEqual(['x1', 'x2', 'x3', 'x4']);
    expect(pool.stats().peak).toBe(4);
    expect(() => pool.resize(0)).toThrow(/at least 1, got 0/);
  });

  it('a call cancelled while it waits leaves the queue with a cancelled error; a failing call frees its worker', async () => {
    const pool = new SpeechPool(1);
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = pool.run('a', first.work);
    const abort = new AbortController();
    const waiting = pool.run('b', async () => 'never', abort.signal);
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    await expect(waiting).rejects.toBeInstanceOf(SpeechError);
    first.release();
    await running;
    await expect(pool.run('c', async () => Promise.reject(new Error('engine broke')))).rejects.toThrow('engine broke');
    expect(await pool.run('c', async () => 'next')).toBe('next');
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });
});
