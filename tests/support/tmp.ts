import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh temp folder for one test; removed by the returned cleanup. */
export function tempDir(prefix = 'parley-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export const tempDbPath = (dir: string) => path.join(dir, 'parley.db');
