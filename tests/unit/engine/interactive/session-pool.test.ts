import { describe, expect, it } from 'vitest';
import { InteractiveSession, SessionPool } from '../../../../src-main/engine/interactive/index.js';
import { scriptedModel } from '../../../../src-main/providers/scripted.js';
import { graph, testCase } from '../helpers.js';

const g = graph({
  entry_node_id: 'a',
  nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: 'Greet.' } }],
} as never);

function make(id: string, delayMs = 0) {
  const agent = scriptedModel({ defaults: { delay_ms: delayMs } });
  return new InteractiveSession({
    id,
    graph: g,
    test: testCase(),
    mode: 'manual',
    models: { agent },
    info: {
      agent_id: 'ag',
      version_id: null,
      agent_name: 'A',
      persona: null,
      models: { agent: 'scripted', caller: null },
    },
  });
}

describe('session pool', () => {
  it('closes sessions idle longer than the timeout (ended as cancelled, with the reason); recent ones stay', async () => {
    let now = 1_000_000;
    const pool = new SessionPool({ idleMs: 30 * 60_000, now: () => now });
    const old = make('old');
    const fresh = make('fresh');
    await pool.add(old);
    await pool.add(fresh);
    await old.open();
    old.lastActive = now - 31 * 60_000;
    fresh.lastActive = now - 5 * 60_000;
    expect(await pool.sweep()).toEqual(['old']);
    expect(pool.get('old')).toBeUndefined();
    expect(pool.get('fresh')).toBe(fresh);
    expect(old.state()).toMatchObject({
      ended: true,
      end_reason: 'cancelled',
      error: 'closed after 30 minutes without activity',
    });
    now += 60 * 60_000;
    fresh.lastActive = now - 60 * 60_000;
    expect(await pool.sweep()).toEqual(['fresh']);
    expect(pool.size).toBe(0);
  });

  it('a session in the middle of a step is not expired', async () => {
    const pool = new SessionPool({ idleMs: 10 });
    const busy = make('busy', 150);
    await pool.add(busy);
    const opening = busy.open();
    await new Promise((r) => setTimeout(r, 50));
    busy.lastActive = Date.now() - 1_000;
    expect(busy.isBusy).toBe(true);
    expect(await pool.sweep()).toEqual([]);
    expect((await opening).transcript).toHaveLength(1);
    busy.lastActive = Date.now() - 1_000;
    expect(await pool.sweep()).toEqual(['busy']);
  });

  it('when full, an ended session (else the least recently used) makes room', async () => {
    const pool = new SessionPool({ maxSessions: 2 });
    const a = make('a');
    const b = make('b');
    await pool.add(a);
    await pool.add(b);
    a.lastActive = 1;
    b.stop();
    const c = make('c');
    await pool.add(c);
    expect(pool.get('b')).toBeUndefined();
    expect(pool.get('a')).toBe(a); // touching `a` makes it the most recently used
    c.lastActive = 1; // one millisecond clock: make `c` unambiguously the least recently used
    await pool.add(make('d'));
    expect([pool.get('a'), pool.get('c'), pool.get('d')].map((s) => s?.id)).toEqual(['a', undefined, 'd']);
    await pool.dispose();
  });

  it('dispose stops every session and touching get keeps a session alive', async () => {
    const pool = new SessionPool({ idleMs: 1_000 });
    const s = make('s');
    await pool.add(s);
    s.lastActive = 0;
    pool.get('s');
    expect(Date.now() - s.lastActive).toBeLessThan(100);
    await pool.dispose();
    expect(pool.size).toBe(0);
    expect(s.state()).toMatchObject({ ended: true, error: 'the app is shutting down' });
  });
});
