// @ts-check
/**
 * THE layer table of src-main (docs/architecture.md, "The door and the layers"): which room may import which.
 * eslint-rules/layers.js checks every relative import against it in the editor, and
 * tests/unit/architecture/import-direction.test.ts checks the whole import graph against it, so the two cannot drift.
 *
 * A place is a path under src-main/ ('engine/run/run-suite.ts'), or under src-shared/ as 'src-shared/...'; its room
 * is the first part ('engine', 'src-shared', or a top-level file such as 'index.ts'). Keys and entries are
 * patterns: a room ('store'), a folder or file in it ('engine/judge', 'store/canonical-json.ts') or the files
 * directly in a folder ('api/*'). A file may import its own room, src-shared/, and what every key matching it
 * allows. The limits below are the ones the import graph already kept when the table was written: a new edge
 * between rooms is a decision, taken here.
 */

import path from 'node:path';

/** The layers above the rooms: the application, its two doors and what carries them. */
export const ABOVE_THE_ROOMS = ['app', 'cli', 'api', 'server', 'electron'];

/** The doors: adapters of the application layer, which reach the rooms only through it. */
export const DOORS = ['cli', 'api'];

/** The rooms below the application layer: only app/ (and nothing above it) imports them from outside. */
export const ROOMS_BEHIND_THE_DOOR = [
  'engine',
  'store',
  'providers',
  'formats',
  'compare',
  'transcripts',
  'speech',
  'analysis',
  'judging',
  'reports',
  'readiness',
  'personas',
  'diagnosis',
  'files',
];

/** @type {Record<string, string[]>} */
export const MAY_IMPORT = {
  // the entry and what it loads
  'index.ts': ['electron'],
  'app-version.ts': [],
  electron: ['app', 'api', 'server', 'store'],
  server: ['app', 'api'],
  // the doors: adapters of the application layer (whatever folders they have)
  cli: ['app', 'app-version.ts'],
  'cli/commands/serve.ts': ['api/*', 'server/*'], // `parley serve` starts web mode: the API's wiring, the web server
  api: ['app', 'app-version.ts'],
  // the application layer: every use case, over every room below (it has subfolders of its own)
  app: ['app-version.ts', ...ROOMS_BEHIND_THE_DOOR],
  // the rooms, from the bottom up
  files: [],
  store: ['files'],
  providers: ['files'],
  speech: ['files', 'providers'],
  transcripts: ['files', 'store'],
  formats: ['store'],
  judging: ['store'],
  engine: ['providers', 'speech', 'store', 'transcripts/redact'], // red-team detectors reuse the personal-data recognisers
  compare: ['engine/judge', 'store/canonical-json.ts'], // pure diffs: no model calls, no store reads
  personas: ['providers'],
  analysis: ['engine', 'formats', 'personas', 'providers'],
  diagnosis: ['analysis', 'engine', 'providers'],
  readiness: ['engine', 'providers'],
  reports: ['compare', 'engine', 'providers', 'store'],
  // what both sides read imports only itself
  'src-shared': [],
};

/**
 * The place of a repository-relative path ('src-main/engine/index.ts' -> 'engine/index.ts'), or undefined.
 * @param {string} repoPath
 */
export function placeOf(repoPath) {
  const p = repoPath.split('\\').join('/');
  if (p.startsWith('src-main/')) return p.slice('src-main/'.length);
  return p.startsWith('src-shared/') ? p : undefined;
}

/** @param {string} place */
export const roomOf = (place) => place.split('/')[0];

/**
 * Whether a place matches a pattern of the table.
 * @param {string} place
 * @param {string} pattern
 */
export function matches(place, pattern) {
  if (pattern.endsWith('/*')) return path.posix.dirname(place) === pattern.slice(0, -2);
  return place === pattern || place.startsWith(`${pattern}/`);
}

/**
 * What the file at place `from` may import: its room, src-shared/, and what every key matching it allows.
 * @param {string} from
 */
export function allowedFor(from) {
  const granted = Object.entries(MAY_IMPORT).filter(([key]) => matches(from, key));
  return [roomOf(from), 'src-shared', ...granted.flatMap(([, allowed]) => allowed)];
}

/**
 * Whether the file at place `from` may import the file at place `to` (both from placeOf). A room missing from
 * the table may import nothing outside itself and src-shared/ (it must be placed first).
 * @param {string} from
 * @param {string} to
 */
export const mayImport = (from, to) => allowedFor(from).some((a) => matches(to, a));
