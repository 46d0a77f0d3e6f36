import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callBackend, startBackendProcess, type BackendProcess } from '../../../src-main/server/backend-process.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const BIN = path.resolve(import.meta.dirname, '../../../bin/parley.mjs');

describe("the desktop shell's backend process (parley serve --desktop-backend)", () => {
  const t = tempDir();
  afterAll(() => t.cleanup());

  it('starts under this Node, answers an API call over HTTP with its token only, and ends when stopped', async () => {
    const db = tempDbPath(t.dir);
    const backend: BackendProcess = await startBackendProcess({ node: process.execPath, bin: BIN, db });
    try {
      expect(backend.db).toBe(db);
      expect(backend.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const info = (await callBackend(backend, 'app.info', {})) as {
        ok: boolean;
        output: { mode: string; db_path: string };
      };
      expect(info.ok).toBe(true);
      expect(info.output).toMatchObject({ mode: 'desktop', db_path: db });
      const agents = (await callBackend(backend, 'agents.list', {})) as { ok: boolean; output: unknown[] };
      expect(agents).toEqual({ ok: true, output: [] });
      const refused = (await callBackend({ origin: backend.origin, token: 'wrong' }, 'app.info', {})) as {
        ok: boolean;
        error: { code: string };
      };
      expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    } finally {
      await backend.stop();
    }
    expect(backend.child.exitCode).toBe(0);
    await expect(callBackend(backend, 'app.info', {})).rejects.toThrow();
  }, 120_000);

  it('reports what the backend printed when it cannot start', async () => {
    const bad = path.join(t.dir, 'not-a-folder.txt');
    await import('node:fs').then((fs) => fs.writeFileSync(bad, 'x'));
    await expect(
      startBackendProcess({ node: process.execPath, bin: BIN, db: path.join(bad, 'parley.db') }),
    ).rejects.toThrow(/the Parley backend .* exited \(code \d+\) before it listened: parley: /);
  }, 120_000);
});
