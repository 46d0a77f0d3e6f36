// The CLI's ahead-of-time bundle (scripts/build-cli.mjs writes it): where it lives and whether it still matches
// the sources. Plain JavaScript so bin/parley.mjs can ask without loading a TypeScript compiler.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE_DIR = path.join(ROOT, 'out', 'cli');
export const BUNDLE_ENTRY = path.join(BUNDLE_DIR, 'main.js');

/** One source file's size and modification time, as the manifest records it. */
export function stamp(file) {
  const st = fs.statSync(file);
  return `${st.size}:${Math.trunc(st.mtimeMs)}`;
}

/**
 * Why the bundle cannot be used (missing, or a source it was built from changed, vanished or is newer), or
 * undefined when it is fresh. Cheap: one stat per source file the bundle holds, no reading of the sources.
 */
export function bundleStaleReason(dir = BUNDLE_DIR) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    return 'the CLI bundle is not built';
  }
  if (!manifest || typeof manifest.inputs !== 'object' || !fs.existsSync(path.join(dir, 'main.js')))
    return 'the CLI bundle is not built';
  for (const [rel, recorded] of Object.entries(manifest.inputs)) {
    let now;
    try {
      now = stamp(path.join(ROOT, rel));
    } catch {
      return `${rel} is gone since the CLI bundle was built`;
    }
    if (now !== recorded) return `${rel} changed since the CLI bundle was built`;
  }
  return undefined;
}
