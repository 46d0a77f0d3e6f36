import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where an e2e test writes a screenshot for people to look at. The docs' copies change only when asked:
 * `PARLEY_SHOTS_DIR=docs/screenshots npx vitest run tests/e2e/...`; otherwise they go to a temp folder, so a test
 * run never rewrites tracked files.
 */
export function shotPath(name: string): string {
  const dir = process.env.PARLEY_SHOTS_DIR
    ? path.resolve(process.env.PARLEY_SHOTS_DIR)
    : path.join(os.tmpdir(), 'parley-e2e-shots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
