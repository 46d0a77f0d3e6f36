import type Database from 'better-sqlite3';
import { nowIso } from '../ids.js';
import { prep } from '../statements.js';

/** Stored speech round trips above this many bytes are trimmed to 90% of it, least recently used first. */
export const SPEECH_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export interface SpeechCacheStats {
  entries: number;
  bytes: number;
  hits: number;
}

/**
 * The speech round-trip cache (migration 016): JSON values by content hash, bounded in size. The values are
 * src-main/speech/cache.ts's; this repository only keeps them.
 */
export class SpeechCacheRepo {
  private bytes: number | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly maxBytes = SPEECH_CACHE_MAX_BYTES,
  ) {}

  /** The value stored under `key` (its use is recorded: recently used rows are kept longest). */
  get(key: string): unknown {
    const row = prep(this.db, 'SELECT data_json FROM speech_cache WHERE key = ?').get(key) as
      { data_json: string } | undefined;
    if (!row) return undefined;
    prep(
      this.db,
      'UPDATE speech_cache SET hits = hits + 1, used_at = ?, used_seq = (SELECT coalesce(max(used_seq), 0) + 1 FROM speech_cache) WHERE key = ?',
    ).run(nowIso(), key);
    try {
      return JSON.parse(row.data_json) as unknown;
    } catch {
      return undefined;
    }
  }

  put(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    const bytes = Buffer.byteLength(json) + key.length;
    const now = nowIso();
    this.db.transaction(() => {
      const before = this.total();
      const old = prep(this.db, 'SELECT bytes FROM speech_cache WHERE key = ?').get(key) as
        { bytes: number } | undefined;
      prep(
        this.db,
        `INSERT INTO speech_cache (key, data_json, bytes, used_seq, created_at, used_at)
         VALUES (?, ?, ?, (SELECT coalesce(max(used_seq), 0) + 1 FROM speech_cache), ?, ?)
         ON CONFLICT(key) DO UPDATE SET data_json = excluded.data_json, bytes = excluded.bytes,
           used_seq = excluded.used_seq, used_at = excluded.used_at`,
      ).run(key, json, bytes, now, now);
      this.bytes = before - (old?.bytes ?? 0) + bytes;
      if (this.bytes > this.maxBytes) this.trim();
    })();
  }

  private total(): number {
    this.bytes ??= (prep(this.db, 'SELECT coalesce(sum(bytes), 0) AS n FROM speech_cache').get() as { n: number }).n;
    return this.bytes;
  }

  /** Drops the least recently used rows until the cache is at 90% of its bound (another process's rows count as read). */
  private trim(): void {
    this.bytes = undefined;
    this.total();
    const goal = Math.floor(this.maxBytes * 0.9);
    const rows = prep(this.db, 'SELECT key, bytes FROM speech_cache ORDER BY used_seq').iterate() as Iterable<{
      key: string;
      bytes: number;
    }>;
    let total = this.bytes ?? 0;
    const drop: string[] = [];
    for (const r of rows) {
      if (total <= goal) break;
      drop.push(r.key);
      total -= r.bytes;
    }
    const del = prep(this.db, 'DELETE FROM speech_cache WHERE key = ?');
    for (const k of drop) del.run(k);
    this.bytes = total;
  }

  stats(): SpeechCacheStats {
    const r = prep(
      this.db,
      'SELECT count(*) AS entries, coalesce(sum(bytes), 0) AS bytes, coalesce(sum(hits), 0) AS hits FROM speech_cache',
    ).get() as SpeechCacheStats;
    return r;
  }

  clear(): void {
    prep(this.db, 'DELETE FROM speech_cache').run();
    this.bytes = 0;
  }
}
