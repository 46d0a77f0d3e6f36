/**
 * The speech round-trip cache (issue 27): what a text-to-speech + speech-to-text pair heard of a line, by a
 * content hash of everything that decides it (both engines' identity, voice, rate, text, the simulated line
 * and its seed when the line adds noise). A static agent line is spoken and recognised once across runs.
 * Bounded in size (store/repos/speech-cache.ts drops the least recently used rows).
 */
export const sql = `
CREATE TABLE speech_cache (
  key TEXT PRIMARY KEY,
  data_json TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  hits INTEGER NOT NULL DEFAULT 0,
  -- order of last use (a counter, so the least recently used is exact whatever the clock's resolution)
  used_seq INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  used_at TEXT NOT NULL
);
CREATE INDEX speech_cache_used ON speech_cache(used_seq);
`;
