import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const CHILD = path.join(import.meta.dirname, 'support/write-loop.ts');

/** Starts the writer, kills it with SIGKILL after `ms`, returns what it had reported committed. */
function writeThenKill(db: string, ms: number): Promise<{ runId: string; committed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, db], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!timer && out.includes('committed 1\n')) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited without being killed: ${err}`));
      const runId = /run (\S+)/.exec(out)?.[1] ?? '';
      const commits = [...out.matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
      resolve({ runId, committed: commits.at(-1) ?? 0 });
    });
  });
}

describe('kill -9 during writes', () => {
  it('leaves an intact database holding every committed result, and marks the run interrupted', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    try {
      for (const ms of [5, 40, 120, 15, 80]) {
        const { runId, committed } = await writeThenKill(db, ms);
        expect(committed).toBeGreaterThan(0);
        const store = openStore(db);
        try {
          expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
          const stored = store.results.listByRun(runId);
          // Every result reported committed is there (one more may have committed before the report was read).
          expect(stored.length).toBeGreaterThanOrEqual(committed);
          expect(stored.length).toBeLessThanOrEqual(committed + 1);
          expect(stored.every((r) => r.transcript.length === 20)).toBe(true);
          const run = store.runs.get(runId)!;
          expect(run.status).toBe('interrupted');
          expect(run.summary.total).toBe(stored.length);
        } finally {
          store.close();
        }
      }
    } finally {
      t.cleanup();
    }
  }, 120_000);
});
