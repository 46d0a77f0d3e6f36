/**
 * SpeechLines with engines that count their calls: identical round trips in flight are made once (issue 27),
 * the cache is written once, and the figures tell cached, shared and made apart.
 */
import { describe, expect, it } from 'vitest';
import { SpeechLines } from '../../../src-main/speech/round-trip.js';
import { SpeechPool } from '../../../src-main/speech/pool.js';
import { InFlight } from '../../../src-main/speech/in-flight.js';
import { wavOf } from '../../../src-main/speech/wav.js';
import { SpeechError, type SttEngine, type TtsEngine } from '../../../src-main/speech/types.js';
import type { RoundTripCache } from '../../../src-main/speech/cache.js';

/** A TTS whose audio is 10 ms per character, an STT that hears "heard N" for N ms of audio; calls held until released. */
function countingEngines(o: { sttError?: Error } = {}) {
  const calls = { tts: [] as string[], stt: 0 };
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const tts: TtsEngine = {
    spec: 'fake-tts',
    identity: async () => ({ engine: 'command', command: ['fake-tts'] }),
    tts: async (text) => {
      calls.tts.push(text);
      await gate;
      return { audio: wavOf(new Int16Array(text.length * 160).fill(1000)), timings: { total_ms: 5 } };
    },
  };
  const stt: SttEngine = {
    spec: 'fake-stt',
    identity: async () => ({ engine: 'command', command: ['fake-stt'] }),
    stt: async (audio, call) => {
      calls.stt++;
      if (call?.signal?.aborted) throw new SpeechError('stopped', 'cancelled', 'fake-stt');
      if (o.sttError) throw o.sttError;
      return { text: `heard ${Math.round((audio.length - 44) / 32)}`, timings: { total_ms: 7 } };
    },
  };
  return { tts, stt, calls, open };
}

/** A cache in memory that counts its writes. */
function memoryCache() {
  const rows = new Map<string, unknown>();
  let puts = 0;
  const cache: RoundTripCache = { get: (k) => rows.get(k), put: (k, v) => (puts++, rows.set(k, v)) };
  return { cache, rows, puts: () => puts };
}

const tick = () => new Promise((r) => setImmediate(r));
const greeting = { text: 'Hello, this is Maple Street Clinic.', voice: 'rms' };

describe('identical round trips in flight', () => {
  it('three conversations asking for the same line at once: one synthesis, one recognition, one cache write', async () => {
    const e = countingEngines();
    const m = memoryCache();
    const lines = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(2), cache: m.cache });
    const asked = ['c1', 'c2', 'c3'].map((owner) => lines.hear(greeting, { owner }));
    await tick();
    e.open();
    const out = await Promise.all(asked);
    expect(e.calls).toEqual({ tts: [greeting.text], stt: 1 });
    expect(m.puts()).toBe(1);
    expect(out.map((o) => ('heard' in o ? [o.heard, o.cached, o.shared] : o))).toEqual([
      ['heard 350', false, false],
      ['heard 350', false, true],
      ['heard 350', false, true],
    ]);
    expect(lines.stats()).toEqual({ hits: 0, shared: 2, misses: 1, not_spoken: 0 });
    // done: the next one comes from the cache
    expect(await lines.hear(greeting, { owner: 'c4' })).toMatchObject({
      heard: 'heard 350',
      cached: true,
      shared: false,
    });
    expect(lines.stats()).toMatchObject({ hits: 1, shared: 2, misses: 1 });
  });

  it('two runs on the same cache share too; another voice or another line is made apart', async () => {
    const e = countingEngines();
    const m = memoryCache();
    const a = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(2), cache: m.cache });
    const b = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(2), cache: m.cache });
    const asked = [
      a.hear(greeting, { owner: 'a1' }),
      b.hear(greeting, { owner: 'b1' }),
      b.hear({ ...greeting, voice: 'slt' }, { owner: 'b2' }),
      b.hear({ ...greeting, text: 'Goodbye.' }, { owner: 'b3' }),
    ];
    await tick();
    e.open();
    await Promise.all(asked);
    expect(e.calls.tts.sort()).toEqual(['Goodbye.', greeting.text, greeting.text]);
    expect(e.calls.stt).toBe(3);
    expect(a.stats()).toMatchObject({ shared: 0, misses: 1 });
    expect(b.stats()).toMatchObject({ shared: 1, misses: 2 });
  });

  it('without a cache, or with sharing off, each round trip is made', async () => {
    for (const o of [{}, { cache: memoryCache().cache, share: false }]) {
      const e = countingEngines();
      const lines = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(2), ...o });
      const asked = [lines.hear(greeting, { owner: 'c1' }), lines.hear(greeting, { owner: 'c2' })];
      e.open();
      await Promise.all(asked);
      expect(e.calls).toEqual({ tts: [greeting.text, greeting.text], stt: 2 });
      expect(lines.stats()).toMatchObject({ shared: 0, misses: 2 });
    }
  });

  it('a failed round trip fails every waiter with the same error and caches nothing', async () => {
    const err = new SpeechError('pocketsphinx_batch exited with code 1', 'command_failed', 'pocketsphinx');
    const e = countingEngines({ sttError: err });
    const m = memoryCache();
    const lines = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(2), cache: m.cache });
    const asked = [lines.hear(greeting, { owner: 'c1' }), lines.hear(greeting, { owner: 'c2' })];
    e.open();
    const settled = await Promise.allSettled(asked);
    expect(settled).toEqual([
      { status: 'rejected', reason: err },
      { status: 'rejected', reason: err },
    ]);
    expect(e.calls.stt).toBe(1);
    expect(m.puts()).toBe(0);
  });

  it('the conversation that started it cancelled: the other still gets the heard text, made once', async () => {
    const e = countingEngines();
    const m = memoryCache();
    const table = new InFlight();
    const lines = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(1), cache: m.cache, inFlight: table });
    const stop = new AbortController();
    const first = lines.hear(greeting, { owner: 'c1', signal: stop.signal });
    const second = lines.hear(greeting, { owner: 'c2' });
    await tick();
    expect(table.stats()).toEqual({ in_flight: 1, joined: 1 });
    stop.abort();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    e.open();
    expect(await second).toMatchObject({ heard: 'heard 350', shared: true });
    expect(e.calls).toEqual({ tts: [greeting.text], stt: 1 });
    expect(m.puts()).toBe(1);
  });

  it('every conversation cancelled: the engines are told to stop and nothing is cached', async () => {
    const e = countingEngines();
    const m = memoryCache();
    const lines = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(1), cache: m.cache });
    const stops = [new AbortController(), new AbortController()];
    const asked = stops.map((s, i) => lines.hear(greeting, { owner: `c${i}`, signal: s.signal }));
    await tick();
    for (const s of stops) s.abort();
    e.open();
    for (const a of asked) await expect(a).rejects.toMatchObject({ code: 'cancelled' });
    await tick();
    expect(e.calls).toEqual({ tts: [greeting.text], stt: 0 });
    expect(m.puts()).toBe(0);
  });

  it("a line's spoken length (a barge-in's timeline) is synthesised once for callers asking at once", async () => {
    const e = countingEngines();
    const m = memoryCache();
    const lines = new SpeechLines(e.tts, e.stt, { pool: new SpeechPool(2), cache: m.cache });
    const asked = ['c1', 'c2'].map((owner) => lines.spokenMs(greeting.text, 'rms', undefined, { owner }));
    e.open();
    expect(await Promise.all(asked)).toEqual([350, 350]);
    expect(e.calls.tts).toHaveLength(1);
    expect(m.puts()).toBe(1);
  });
});
