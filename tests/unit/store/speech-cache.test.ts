import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { SpeechCacheRepo } from '../../../src-main/store/repos/speech-cache.js';

const tempDb = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cache-')), 'p.db');

describe('the speech round-trip cache (migration 016)', () => {
  it('keeps values by key across opening the file again, and counts hits', () => {
    const file = tempDb();
    const a = openStore(file);
    a.speechCache.put('k1', { heard: 'hello', audio_ms: 900 });
    expect(a.speechCache.get('k1')).toEqual({ heard: 'hello', audio_ms: 900 });
    expect(a.speechCache.get('nope')).toBeUndefined();
    a.close();
    const b = openStore(file);
    expect(b.speechCache.get('k1')).toEqual({ heard: 'hello', audio_ms: 900 });
    expect(b.speechCache.stats()).toMatchObject({ entries: 1, hits: 2 });
    b.speechCache.clear();
    expect(b.speechCache.stats()).toEqual({ entries: 0, bytes: 0, hits: 0 });
    b.close();
  });

  it('stays within its size bound, dropping the least recently used first', () => {
    const store = openStore(tempDb());
    const small = new SpeechCacheRepo(store.db, 2000);
    const value = (i: number) => ({ heard: 'x'.repeat(300), i });
    for (let i = 0; i < 5; i++) small.put(`k${i}`, value(i)); // ~5 x 330 bytes: over 2,000 at the 7th
    small.get('k0'); // k0 used again: kept
    for (let i = 5; i < 8; i++) small.put(`k${i}`, value(i));
    const s = small.stats();
    expect(s.bytes).toBeLessThanOrEqual(2000);
    expect(small.get('k0')).toEqual(value(0));
    expect(small.get('k1')).toBeUndefined();
    expect(small.get('k7')).toEqual(value(7));
    store.close();
  });
});
